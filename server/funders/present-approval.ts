import { and, desc, eq } from "drizzle-orm";
import { approvalExpiresOn, stageOnceApproved } from "#domain/funders/approval.ts";
import { dealProgram } from "#domain/funders/funder-terms.ts";
import { offersTerms } from "#domain/funders/deal-funder-contracts.ts";
import type { Database } from "../db/client.ts";
import { deal } from "../deals/tables.ts";
import { applyDealUpdate, type DealUpdateContext } from "../deals/update-deal.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { approvalStips } from "../stips/approval-stips.ts";
import { requestStips } from "../stips/request-stips.ts";
import { vendorDeal } from "../deals/portal-deal-page.ts";
import { emitWebhookEvent } from "../webhooks/emit-event.ts";
import { dealApproval, funderAnswer, funderSubmission } from "./tables.ts";

/**
 * Presents a funder's answer to the dealer (docs/product-rules.md#r54-the-funder-network): only a
 * submission's latest answer, and only one that offers terms. In one transaction the deal's approval
 * becomes this answer (expiring on the funder's date, or 30 days on), and the deal moves to Approved
 * with the approved amount through the deal's own update (history, the vendor's mail, the
 * applicant's status mail, the stage webhook); audited. The dealer gets `deal.approved` with the
 * terms, and the approval's stips are requested: the catalog's defaults for the program and amount,
 * and its conditions (docs/product-rules.md#r55-stipulations).
 */
export async function presentApproval(
  db: Database,
  context: DealUpdateContext,
  by: { id: string; email: string; ipAddress: string },
  ids: { dealId: string; submissionId: string; answerId: string },
  today: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [latest] = await tx
      .select({ answer: funderAnswer, stage: deal.stage })
      .from(funderAnswer)
      .innerJoin(funderSubmission, eq(funderSubmission.id, funderAnswer.submissionId))
      .innerJoin(deal, eq(deal.id, funderSubmission.dealId))
      .where(and(eq(funderSubmission.id, ids.submissionId), eq(funderSubmission.dealId, ids.dealId)))
      .orderBy(desc(funderAnswer.enteredAt), desc(funderAnswer.id))
      .limit(1);
    if (!latest) throw new AppError("NOT_FOUND", "Not found.");
    const { answer, stage } = latest;
    if (answer.id !== ids.answerId)
      throw new AppError("CONFLICT", "A newer answer of this funder was recorded: present that one.");
    if (!offersTerms(answer.decision) || answer.amountCents === null)
      throw new AppError("CONFLICT", "Only an approval, a conditioned approval or a counter-offer can be presented.");
    const expiresOn = approvalExpiresOn(answer.expiresOn, today);
    await tx
      .insert(dealApproval)
      .values({ dealId: ids.dealId, answerId: answer.id, presentedByUserId: by.id, expiresOn })
      .onConflictDoUpdate({
        target: dealApproval.dealId,
        set: { answerId: answer.id, presentedByUserId: by.id, presentedAt: new Date(), expiresOn },
      });
    await applyDealUpdate(tx, context, by, ids.dealId, {
      ...(stageOnceApproved(stage) === 2 ? { stage: 2 as const } : {}),
      approvedAmount: answer.amountCents / 100,
    });
    await recordAudit(tx, {
      action: "deal.approval-presented",
      actorUserId: by.id,
      subject: ids.dealId,
      ipAddress: by.ipAddress,
      details: { answerId: answer.id, expiresOn },
    });
    const [updated] = await tx.select().from(deal).where(eq(deal.id, ids.dealId));
    if (updated?.vendorCompanyId)
      await emitWebhookEvent(tx, updated.vendorCompanyId, {
        type: "deal.approved",
        data: {
          ...vendorDeal(updated),
          approval: {
            amountCents: answer.amountCents,
            termMonths: answer.termMonths,
            paymentCents: answer.paymentCents,
            rateBasisPoints: answer.rateBasisPoints,
            downPaymentCents: answer.downPaymentCents,
            conditions: answer.conditions,
            expiresOn,
          },
        },
      });
    const stips = await approvalStips(tx, {
      program: dealProgram(),
      amountCents: answer.amountCents,
      conditions: answer.conditions,
    });
    await requestStips(tx, context, { userId: by.id, ipAddress: by.ipAddress }, ids.dealId, stips);
  });
}
