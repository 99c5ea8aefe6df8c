import { desc, eq, inArray } from "drizzle-orm";
import { everyFunderDeclined } from "#domain/funders/approval.ts";
import type { AdverseActionReasonCode } from "#domain/adverse-action/reasons.ts";
import { dayInTimeZone } from "#domain/site/business-time.ts";
import type { Database, DbExecutor } from "../db/client.ts";
import { deal } from "../deals/tables.ts";
import { applyDealUpdate, type DealUpdateContext } from "../deals/update-deal.ts";
import { saveNoticeContent } from "../adverse-action/save-notice.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { funderAnswer, funderSubmission } from "./tables.ts";

/** The latest answer of each of a deal's submissions (undefined for one not answered at all). */
export async function latestAnswers(db: DbExecutor, dealId: string) {
  const submissions = await db
    .select({ id: funderSubmission.id })
    .from(funderSubmission)
    .where(eq(funderSubmission.dealId, dealId));
  if (submissions.length === 0) return [];
  const answers = await db
    .select()
    .from(funderAnswer)
    .where(
      inArray(
        funderAnswer.submissionId,
        submissions.map((submission) => submission.id),
      ),
    )
    .orderBy(desc(funderAnswer.enteredAt), desc(funderAnswer.id));
  return submissions.map((submission) => answers.find((answer) => answer.submissionId === submission.id));
}

/**
 * A deal every funder declined goes the adverse-action way of any decline
 * (docs/product-rules.md#r54-the-funder-network, #r31-declining-and-sending-the-notice): in one
 * transaction it moves to Declined through the deal's own update (history, the vendor's and the
 * applicant's mails, the webhook; the application's received day recorded if it was not), the
 * notice's reasons are the union of the funders' reason codes (staff may still change them before
 * sending), and it is audited.
 */
export async function declineWithFunderReasons(
  db: Database,
  context: DealUpdateContext & { timeZone: string },
  by: { id: string; email: string; ipAddress: string },
  dealId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(deal).where(eq(deal.id, dealId)).for("update");
    if (!current) throw new AppError("NOT_FOUND", "Not found.");
    if (current.stage === 0) throw new AppError("CONFLICT", "This deal is already declined.");
    const reasons = everyFunderDeclined(await latestAnswers(tx, dealId));
    if (!reasons) throw new AppError("CONFLICT", "Not every funder this deal was sent to has declined it.");
    await applyDealUpdate(tx, context, by, dealId, {
      stage: 0,
      ...(current.declinedReceivedOn ? {} : { declinedReceivedOn: dayInTimeZone(current.createdAt, context.timeZone) }),
    });
    // A notice already sent (a deal declined before, then reopened) keeps what it said.
    if (!current.declinedNoticeSentOn)
      await saveNoticeContent(tx, { id: by.id, ip: by.ipAddress }, "deal", dealId, context.timeZone, {
        statement: "reasons",
        reasons: reasons as AdverseActionReasonCode[],
        otherReason: "",
      });
    await recordAudit(tx, {
      action: "deal.declined-by-funders",
      actorUserId: by.id,
      subject: dealId,
      ipAddress: by.ipAddress,
      details: { reasons },
    });
  });
}
