import { eq } from "drizzle-orm";
import type { PartnerInput } from "#domain/api/partners.ts";
import type { Database } from "../../db/client.ts";
import { partner } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";

export async function updatePartner(db: Database, id: string, input: PartnerInput): Promise<void> {
  const [updated] = await db.update(partner).set(input).where(eq(partner.id, id)).returning({ id: partner.id });
  if (!updated) throw new AppError("NOT_FOUND", "Not found.");
}
