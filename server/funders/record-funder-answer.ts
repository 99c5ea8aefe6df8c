import { and, eq } from "drizzle-orm";
import { offersTerms, type funderAnswerInput } from "#domain/funders/deal-funder-contracts.ts";
import type * as z from "zod/mini";
import type { Database } from "../db/client.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { funderAnswer, funderSubmission } from "./tables.ts";

/**
 * A funder's answer on one of a deal's submissions, as staff entered it: a new row (the earlier ones
 * stay as its history), audited with what it says. Only the fields its decision uses are kept.
 */
export async function recordFunderAnswer(
  db: Database,
  by: { userId: string; ipAddress: string },
  dealId: string,
  submissionId: string,
  answer: z.output<typeof funderAnswerInput>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [submission] = await tx
      .select({ id: funderSubmission.id })
      .from(funderSubmission)
      .where(and(eq(funderSubmission.id, submissionId), eq(funderSubmission.dealId, dealId)));
    if (!submission) throw new AppError("NOT_FOUND", "Not found.");
    const offered = offersTerms(answer.decision);
    const row = {
      submissionId,
      decision: answer.decision,
      amountCents: offered ? answer.amount : null,
      termMonths: offered ? answer.termMonths : null,
      paymentCents: offered ? answer.payment : null,
      rateBasisPoints: offered ? answer.rate : null,
      downPaymentCents: offered ? answer.downPayment : null,
      feesCents: offered ? answer.fees : null,
      expiresOn: offered && answer.expiresOn ? answer.expiresOn : null,
      conditions: offered ? answer.conditions : "",
      declineReasons: answer.decision === "declined" ? answer.declineReasons : [],
      note: answer.note,
      enteredByUserId: by.userId,
    };
    const [saved] = await tx.insert(funderAnswer).values(row).returning({ id: funderAnswer.id });
    await recordAudit(tx, {
      action: "deal.funder-answer",
      actorUserId: by.userId,
      subject: dealId,
      ipAddress: by.ipAddress,
      details: { ...row, answerId: saved!.id },
    });
  });
}
