import type { PartnerInput } from "#domain/partners/back-office-contracts.ts";
import type { Database } from "../db/client.ts";
import { partner } from "./tables.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { brandedCompanyId, partnerSaveError } from "./partner-company.ts";

/** A new partner calculator, with the site's own logo until one is uploaded, optionally the branding of a vendor company; audited. */
export async function createPartner(db: Database, actorId: string, input: PartnerInput): Promise<{ id: string }> {
  const vendorCompanyId = await brandedCompanyId(db, input.vendorCompanyId, null);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(partner)
      .values({ ...input, vendorCompanyId, logoUrl: "/favicon.svg" })
      .onConflictDoNothing({ target: partner.slug })
      .returning({ id: partner.id })
      .catch((error: unknown) => {
        throw partnerSaveError(error);
      });
    if (!created) throw new AppError("CONFLICT", "A partner with this slug exists.");
    await recordAudit(tx, {
      action: "partner.created",
      actorUserId: actorId,
      subject: created.id,
      details: { ...input, vendorCompanyId },
    });
    return created;
  });
}
