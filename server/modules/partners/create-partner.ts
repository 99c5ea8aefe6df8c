import type { PartnerInput } from "#domain/api/partners.ts";
import type { Database } from "../../db/client.ts";
import { partner } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";

/** A new partner calculator, with the site's own logo until one is uploaded. */
export async function createPartner(db: Database, input: PartnerInput): Promise<{ id: string }> {
  const [created] = await db
    .insert(partner)
    .values({ ...input, logoUrl: "/favicon.svg" })
    .onConflictDoNothing()
    .returning({ id: partner.id });
  if (!created) throw new AppError("CONFLICT", "A partner with this slug exists.");
  return created;
}
