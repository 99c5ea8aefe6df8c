import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { everyFunderDeclined, isApprovalExpired } from "#domain/funders/approval.ts";
import type { DealFunders } from "#domain/funders/deal-funder-contracts.ts";
import { financedCents, funderFit, monthsBetween, type DealFacts } from "#domain/funders/funder-fit.ts";
import { dealProgram, type FundingProgram, type Industry } from "#domain/funders/funder-terms.ts";
import type { DbExecutor } from "../db/client.ts";
import { user } from "../auth/tables.ts";
import { deal } from "../deals/tables.ts";
import { creditApplication } from "../leads/tables.ts";
import { dealApproval, funder, funderAnswer, funderSubmission } from "./tables.ts";

/**
 * What is known of a deal to check funders' criteria against: the amount financed (cost less down
 * payment), and, for a deal made from a credit application, the business's state and time in
 * business. Null for a deal that is not there.
 */
export async function dealFacts(db: DbExecutor, dealId: string, today: string): Promise<DealFacts | null> {
  const [row] = await db
    .select({
      cost: deal.costOfEquipment,
      down: deal.downPayment,
      started: creditApplication.businessStarted,
      state: creditApplication.businessState,
    })
    .from(deal)
    .leftJoin(
      creditApplication,
      and(eq(deal.referralLeadType, "credit-application"), eq(creditApplication.id, deal.referralLeadId)),
    )
    .where(eq(deal.id, dealId));
  if (!row) return null;
  return {
    program: dealProgram(),
    amountCents: financedCents(row.cost, row.down),
    creditScore: null,
    monthsInBusiness: monthsBetween(row.started, today),
    industry: null as Industry | null,
    state: row.state || null,
  };
}

/** A deal's submissions with every answer (newest first), and the active funders not sent yet, fitting ones first. */
export async function dealFunders(db: DbExecutor, dealId: string, today: string): Promise<DealFunders | null> {
  const facts = await dealFacts(db, dealId, today);
  if (!facts) return null;
  const submissions = await db
    .select({
      id: funderSubmission.id,
      funderId: funder.id,
      funderName: funder.name,
      submittedAt: funderSubmission.submittedAt,
      submittedBy: user.email,
    })
    .from(funderSubmission)
    .innerJoin(funder, eq(funder.id, funderSubmission.funderId))
    .innerJoin(user, eq(user.id, funderSubmission.submittedByUserId))
    .where(eq(funderSubmission.dealId, dealId))
    .orderBy(asc(funderSubmission.submittedAt), asc(funder.name));
  const answers = submissions.length
    ? await db
        .select({ answer: funderAnswer, enteredBy: user.email })
        .from(funderAnswer)
        .innerJoin(user, eq(user.id, funderAnswer.enteredByUserId))
        .where(
          inArray(
            funderAnswer.submissionId,
            submissions.map((submission) => submission.id),
          ),
        )
        .orderBy(desc(funderAnswer.enteredAt), desc(funderAnswer.id))
    : [];
  const sent = new Set(submissions.map((submission) => submission.funderId));
  const active = await db.select().from(funder).where(eq(funder.active, true)).orderBy(asc(funder.name)).limit(1000);
  const candidates = active
    .filter((row) => !sent.has(row.id))
    .map((row) => ({
      funder: { id: row.id, name: row.name },
      fit: funderFit(
        {
          programs: row.programs as FundingProgram[],
          minCreditScore: row.minCreditScore,
          minMonthsInBusiness: row.minMonthsInBusiness,
          minAmountCents: row.minAmountCents,
          maxAmountCents: row.maxAmountCents,
          industries: row.industries as Industry[],
          states: row.states,
        },
        facts,
      ),
    }))
    .sort((a, b) => Number(b.fit.fits) - Number(a.fit.fits));
  const [presented] = await db.select().from(dealApproval).where(eq(dealApproval.dealId, dealId));
  const [{ stage } = { stage: 1 }] = await db.select({ stage: deal.stage }).from(deal).where(eq(deal.id, dealId));
  const reasons = everyFunderDeclined(
    submissions.map((submission) => answers.find(({ answer }) => answer.submissionId === submission.id)?.answer),
  );
  return {
    facts,
    presented: presented
      ? {
          answerId: presented.answerId,
          expiresOn: presented.expiresOn,
          presentedAt: presented.presentedAt.toISOString(),
          expired: isApprovalExpired(presented.expiresOn, today),
          reminderSentAt: presented.reminderSentAt?.toISOString() ?? null,
        }
      : null,
    dealStage: stage,
    allDeclined: reasons ? { reasons } : null,
    submissions: submissions.map((submission) => ({
      id: submission.id,
      funder: { id: submission.funderId, name: submission.funderName },
      submittedAt: submission.submittedAt.toISOString(),
      submittedBy: submission.submittedBy,
      answers: answers
        .filter(({ answer }) => answer.submissionId === submission.id)
        .map(({ answer, enteredBy }) => ({
          id: answer.id,
          decision: answer.decision,
          amountCents: answer.amountCents,
          termMonths: answer.termMonths,
          paymentCents: answer.paymentCents,
          rateBasisPoints: answer.rateBasisPoints,
          downPaymentCents: answer.downPaymentCents,
          feesCents: answer.feesCents,
          expiresOn: answer.expiresOn,
          conditions: answer.conditions,
          declineReasons: answer.declineReasons,
          note: answer.note,
          enteredBy,
          enteredAt: answer.enteredAt.toISOString(),
        })),
    })),
    candidates,
  };
}
