import { and, asc, eq } from "drizzle-orm";
import {
  applicantStageWording,
  showsApproval,
  takesApplicantFiles,
} from "#domain/applicant-portal/applicant-access.ts";
import type { ApplicantApplication } from "#domain/applicant-portal/contracts.ts";
import { daysUntil } from "#domain/funders/approval.ts";
import { businessDayOf } from "#domain/site/business-day.ts";
import { takesFiles } from "#domain/stips/stip-rules.ts";
import type { DbExecutor } from "../db/client.ts";
import { deal } from "../deals/tables.ts";
import { dealApproval, funder, funderAnswer, funderSetting, funderSubmission } from "../funders/tables.ts";
import { dealStip } from "../stips/tables.ts";
import { AppError } from "../shared/errors.ts";
import type { ApplicantCaller } from "./applicant-session-plugin.ts";

/**
 * What the applicant's page shows of their deal (docs/product-rules.md#r56-the-applicants-page): the
 * business and equipment they applied for, the stage in plain words, the presented approval's terms
 * (the funder's name only when the network's setting shows it) and their own stips. Each column is
 * named here: nothing else of the deal is read, so no SSN, tax id, date of birth, note, message or
 * comment can reach the answer.
 */
export async function applicantPage(
  db: DbExecutor,
  caller: ApplicantCaller,
  timeZone: string,
): Promise<ApplicantApplication> {
  const [found] = await db
    .select({ businessName: deal.businessName, equipment: deal.equipmentDescription, stage: deal.stage })
    .from(deal)
    .where(eq(deal.id, caller.dealId));
  if (!found) throw new AppError("UNAUTHENTICATED", "Your application is no longer here.");
  const [approval] = showsApproval(found.stage)
    ? await db
        .select({
          amountCents: funderAnswer.amountCents,
          termMonths: funderAnswer.termMonths,
          paymentCents: funderAnswer.paymentCents,
          rateBasisPoints: funderAnswer.rateBasisPoints,
          downPaymentCents: funderAnswer.downPaymentCents,
          expiresOn: dealApproval.expiresOn,
          funderName: funder.name,
          showFunderName: funderSetting.showFunderName,
        })
        .from(dealApproval)
        .innerJoin(funderAnswer, eq(funderAnswer.id, dealApproval.answerId))
        .innerJoin(funderSubmission, eq(funderSubmission.id, funderAnswer.submissionId))
        .innerJoin(funder, eq(funder.id, funderSubmission.funderId))
        .leftJoin(funderSetting, eq(funderSetting.singleton, true))
        .where(eq(dealApproval.dealId, caller.dealId))
    : [];
  const stips = await db
    .select({
      id: dealStip.id,
      name: dealStip.name,
      description: dealStip.description,
      status: dealStip.status,
      reason: dealStip.reason,
    })
    .from(dealStip)
    .where(and(eq(dealStip.dealId, caller.dealId), eq(dealStip.satisfiedBy, "applicant")))
    .orderBy(asc(dealStip.createdAt), asc(dealStip.name));
  // What still needs the applicant first: sent back, then asked for, then what is with the credit team, then done.
  const order = ["rejected", "requested", "received", "accepted", "waived"];
  stips.sort((a, b) => order.indexOf(a.status) - order.indexOf(b.status));
  const open = takesApplicantFiles(found.stage);
  return {
    businessName: found.businessName,
    equipment: found.equipment,
    status: { stage: found.stage, ...applicantStageWording(found.stage) },
    approval: approval
      ? {
          amountCents: approval.amountCents ?? 0,
          termMonths: approval.termMonths,
          paymentCents: approval.paymentCents,
          rateBasisPoints: approval.rateBasisPoints,
          downPaymentCents: approval.downPaymentCents,
          expiresOn: approval.expiresOn,
          daysLeft: daysUntil(approval.expiresOn, businessDayOf(new Date(), timeZone)),
          funderName: approval.showFunderName ? approval.funderName : null,
        }
      : null,
    stips: stips.map((stip) => ({
      ...stip,
      // A waiver's reason is the credit team's own; a rejection's is written for the applicant.
      reason: stip.status === "rejected" ? stip.reason : "",
      takesFiles: open && takesFiles(stip.status),
    })),
    sessionEndsAt: caller.sessionEndsAt.toISOString(),
  };
}
