import { eq } from "drizzle-orm";
import type { EarningsPayoutMode } from "#domain/earnings/earnings-shapes.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../shared/errors.ts";
import { vendorCompany } from "../vendors/tables.ts";

/**
 * Staff set how a company's earnings are paid (docs/product-rules.md#r61-dealer-earnings): the row
 * locked, changed and audited `earnings.payout-mode-changed` with from and to (a save that changes
 * nothing is not audited). A funding quoted before the change keeps the mode it was quoted with.
 */
export async function setEarningsPayout(
  db: Database,
  actor: { userId: string; ipAddress: string },
  companyId: string,
  payout: EarningsPayoutMode,
): Promise<{ payout: EarningsPayoutMode }> {
  return db.transaction(async (tx) => {
    const [company] = await tx
      .select({ payout: vendorCompany.earningsPayout })
      .from(vendorCompany)
      .where(eq(vendorCompany.id, companyId))
      .for("update");
    if (!company) throw new AppError("NOT_FOUND", "No such vendor company.");
    if (company.payout === payout) return { payout };
    await tx.update(vendorCompany).set({ earningsPayout: payout }).where(eq(vendorCompany.id, companyId));
    await recordAudit(tx, {
      action: "earnings.payout-mode-changed",
      actorUserId: actor.userId,
      subject: companyId,
      ipAddress: actor.ipAddress,
      details: { from: company.payout, to: payout },
    });
    return { payout };
  });
}
