import { and, desc, eq } from "drizzle-orm";
import { blankFunderAnswer, funderAnswerInput, type FunderAnswerInput } from "#domain/funders/deal-funder-contracts.ts";
import type { Database } from "../db/client.ts";
import { presentApproval } from "../funders/present-approval.ts";
import { recordFunderAnswer } from "../funders/record-funder-answer.ts";
import { sendToFunders } from "../funders/send-to-funders.ts";
import { funderAnswer, funderSubmission } from "../funders/tables.ts";
import { reviewStip } from "../stips/review-stip.ts";
import { dealStip } from "../stips/tables.ts";
import type { SampleContext } from "./sample-context.ts";

/**
 * A sample deal sent to a funder, its approval recorded and presented by staff, and the stips the
 * approval requests waived with `stipReason` (docs/product-rules.md#r54-the-funder-network): the
 * steps the back office takes, ready for documents and funding.
 */
export async function presentSampleApproval(
  db: Database,
  context: SampleContext,
  staff: { id: string; email: string; ipAddress: string },
  sample: { dealId: string; funderId: string; terms: Partial<FunderAnswerInput>; today: string; stipReason: string },
): Promise<void> {
  const by = { userId: staff.id, ipAddress: staff.ipAddress };
  const { dealId, funderId } = sample;
  await sendToFunders(db, by, dealId, [funderId]);
  const [submission] = await db
    .select({ id: funderSubmission.id })
    .from(funderSubmission)
    .where(and(eq(funderSubmission.dealId, dealId), eq(funderSubmission.funderId, funderId)));
  await recordFunderAnswer(
    db,
    by,
    dealId,
    submission!.id,
    funderAnswerInput.parse({ ...blankFunderAnswer, decision: "approved", ...sample.terms }),
  );
  const [answer] = await db
    .select({ id: funderAnswer.id })
    .from(funderAnswer)
    .where(eq(funderAnswer.submissionId, submission!.id))
    .orderBy(desc(funderAnswer.enteredAt))
    .limit(1);
  await presentApproval(
    db,
    context,
    staff,
    { dealId, submissionId: submission!.id, answerId: answer!.id },
    sample.today,
  );
  for (const stip of await db.select({ id: dealStip.id }).from(dealStip).where(eq(dealStip.dealId, dealId)))
    await reviewStip(db, context, by, dealId, stip.id, { review: "waive", reason: sample.stipReason });
}
