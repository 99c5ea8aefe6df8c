import { eq } from "drizzle-orm";
import type { PartnerInput } from "#domain/partners/back-office-contracts.ts";
import type { Database } from "../db/client.ts";
import { partner } from "./tables.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { brandedCompanyId, partnerSaveError } from "./partner-company.ts";

/**
 * Replaces a partner's fields; an empty or absent vendor company unlinks its branding from any
 * company. Audited with each changed field's old and new value (public branding, no customer data).
 */
export async function updatePartner(db: Database, actorId: string, id: string, input: PartnerInput): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked, so the audited "from" values are the ones this save replaces, even with two admins at once.
    const [existing] = await tx.select().from(partner).where(eq(partner.id, id)).for("update");
    if (!existing) throw new AppError("NOT_FOUND", "Not found.");
    const next = { ...input, vendorCompanyId: await brandedCompanyId(tx, input.vendorCompanyId, id) };
    const changed = Object.fromEntries(
      (Object.keys(next) as (keyof typeof next)[])
        .filter((field) => existing[field] !== next[field])
        .map((field) => [field, { from: existing[field], to: next[field] }]),
    );
    await tx
      .update(partner)
      .set(next)
      .where(eq(partner.id, id))
      .catch((error: unknown) => {
        throw partnerSaveError(error);
      });
    if (Object.keys(changed).length > 0)
      await recordAudit(tx, { action: "partner.updated", actorUserId: actorId, subject: id, details: changed });
  });
}
