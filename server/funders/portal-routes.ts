import type { FastifyPluginAsync } from "fastify";
import { eq } from "drizzle-orm";
import { daysUntil, isApprovalExpired } from "#domain/funders/approval.ts";
import { getPortalDealApproval, getPortalFollowUps } from "#domain/funders/deal-funder-contracts.ts";
import { businessDayOf } from "#domain/site/business-day.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { findDeal } from "../deals/find-deal.ts";
import { AppError } from "../shared/errors.ts";
import { readFunderSettings } from "./funder-settings.ts";
import { dealApproval, funder, funderAnswer, funderSubmission } from "./tables.ts";
import { portalFollowUps } from "./portal-follow-ups.ts";

/**
 * A deal's presented approval in the portal, scoped like the deal, and the dashboard's open stips and
 * expiring approvals, scoped like the dashboard (docs/product-rules.md#r54-the-funder-network). The
 * funder's name only while an admin allows it.
 */
export const portalApprovalRoutes: FastifyPluginAsync<{ timeZone: string }> = async (app, { timeZone }) => {
  registerEndpoint(app, getPortalDealApproval, async (request, _reply, scope) => {
    const found = await findDeal(app.db, scope, request.params.id);
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    const [row] = await app.db
      .select({ answer: funderAnswer, expiresOn: dealApproval.expiresOn, funderName: funder.name })
      .from(dealApproval)
      .innerJoin(funderAnswer, eq(funderAnswer.id, dealApproval.answerId))
      .innerJoin(funderSubmission, eq(funderSubmission.id, funderAnswer.submissionId))
      .innerJoin(funder, eq(funder.id, funderSubmission.funderId))
      .where(eq(dealApproval.dealId, found.id));
    if (!row) return { approval: null };
    const { answer, expiresOn } = row;
    const today = businessDayOf(new Date(), timeZone);
    const { showFunderName } = await readFunderSettings(app.db);
    return {
      approval: {
        amountCents: answer.amountCents ?? 0,
        termMonths: answer.termMonths,
        paymentCents: answer.paymentCents,
        rateBasisPoints: answer.rateBasisPoints,
        downPaymentCents: answer.downPaymentCents,
        conditions: answer.conditions,
        expiresOn,
        daysLeft: daysUntil(expiresOn, today),
        expired: isApprovalExpired(expiresOn, today),
        funderName: showFunderName ? row.funderName : null,
      },
    };
  });

  registerEndpoint(app, getPortalFollowUps, async (_request, _reply, scope) =>
    portalFollowUps(app.readDb, scope, businessDayOf(new Date(), timeZone)),
  );
};
