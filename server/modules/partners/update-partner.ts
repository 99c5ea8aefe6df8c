import { eq } from "drizzle-orm";
import type { PartnerInput } from "#domain/api/partners.ts";
import type { Database } from "../../db/client.ts";
import { partner } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { brandedCompanyId, partnerSaveError } from "./partner-company.ts";

/**
 * Replaces a partner's fields; an empty or absent vendor company unlinks its branding from any
 * company. Audited with each changed field's old and new value (public branding, no customer data).
 */
export async function updatePartner(db: Database, actorId: string, id: string, input: PartnerInput): Promise<void> {
  const [existing] = await db.select().from(partner).where(eq(partner.id, id));
  if (!existing) throw new AppError("NOT_FOUND", "Not found.");
  const vendorCompanyId = await brandedCompanyId(db, input.vendorCompanyId, id);
  const next = { ...input, vendorCompanyId };
  const changed = Object.fromEntries(
    (Object.keys(next) as (keyof typeof next)[]).filter((field) => existing[field] !== next[field]).map((field) => [field, { from: existing[field], to: next[field] }]),
  );
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(partner)
      .set(next)
      .where(eq(partner.id, id))
      .returning({ id: partner.id })
      .catch((error: unknown) => {
        throw partnerSaveError(error);
      });
    if (!updated) throw new AppError("NOT_FOUND", "Not found.");
    if (Object.keys(changed).length > 0) await recordAudit(tx, { action: "partner.updated", actorUserId: actorId, subject: id, details: changed });
  });
}
