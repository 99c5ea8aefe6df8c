import { eq } from "drizzle-orm";
import { approvalExpiresOn, renewalDateProblem } from "#domain/funders/approval.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { dealApproval } from "./tables.ts";

/**
 * Renews a deal's presented approval (docs/product-rules.md#r54-the-funder-network): it expires on
 * the date the funder gave, or 30 days from today, always after today; the reminder is due again
 * (reminder_sent_at cleared). Audited with the dates before and after.
 */
export async function renewApproval(
  db: Database,
  by: { userId: string; ipAddress: string },
  dealId: string,
  funderDate: string,
  today: string,
): Promise<void> {
  const expiresOn = approvalExpiresOn(funderDate || null, today);
  const problem = renewalDateProblem(expiresOn, today);
  if (problem) throw new AppError("VALIDATION_FAILED", problem, [{ path: "/expiresOn", message: problem }]);
  await db.transaction(async (tx) => {
    const [approval] = await tx.select().from(dealApproval).where(eq(dealApproval.dealId, dealId)).for("update");
    if (!approval) throw new AppError("CONFLICT", "This deal has no approval presented to renew.");
    await tx.update(dealApproval).set({ expiresOn, reminderSentAt: null }).where(eq(dealApproval.dealId, dealId));
    await recordAudit(tx, {
      action: "deal.approval-renewed",
      actorUserId: by.userId,
      subject: dealId,
      ipAddress: by.ipAddress,
      details: { answerId: approval.answerId, from: approval.expiresOn, to: expiresOn },
    });
  });
}
