import { eq } from "drizzle-orm";
import type { PartnerInput } from "#domain/api/partners.ts";
import type { Database } from "../../db/client.ts";
import { partner } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { brandedCompanyId, partnerSaveError } from "./partner-company.ts";

/** Replaces a partner's fields; an empty or absent vendor company unlinks its branding from any company. */
export async function updatePartner(db: Database, id: string, input: PartnerInput): Promise<void> {
  const [existing] = await db.select({ id: partner.id }).from(partner).where(eq(partner.id, id));
  if (!existing) throw new AppError("NOT_FOUND", "Not found.");
  const vendorCompanyId = await brandedCompanyId(db, input.vendorCompanyId, id);
  const [updated] = await db
    .update(partner)
    .set({ ...input, vendorCompanyId })
    .where(eq(partner.id, id))
    .returning({ id: partner.id })
    .catch((error: unknown) => {
      throw partnerSaveError(error);
    });
  if (!updated) throw new AppError("NOT_FOUND", "Not found.");
}
