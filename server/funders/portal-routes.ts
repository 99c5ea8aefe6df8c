import type { FastifyPluginAsync } from "fastify";
import { and, eq, gte, inArray, lte, notInArray, sql } from "drizzle-orm";
import { daysUntil, expiringThrough, isApprovalExpired } from "#domain/funders/approval.ts";
import { getPortalDealApproval, getPortalFollowUps } from "#domain/funders/deal-funder-contracts.ts";
import { addCalendarDays, businessDayOf } from "#domain/site/business-day.ts";
import { finishedStages } from "#domain/deals/stages.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { findDeal } from "../deals/find-deal.ts";
import { deal } from "../deals/tables.ts";
import { dealOwnership } from "../deals/deal-ownership.ts";
import { dealStip } from "../stips/tables.ts";
import { AppError } from "../shared/errors.ts";
import { ownedInScope } from "../shared/vendor-scope.ts";
import { loadWorkingCalendar } from "../working-calendar/load-working-calendar.ts";
import { readFunderSettings } from "./funder-settings.ts";
import { dealApproval, funder, funderAnswer, funderSubmission } from "./tables.ts";

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

  // Two counts over the scope's deals (deal_company_owner_idx), each joined by deal id
  // (deal_stip_deal_idx, deal_approval's key); read from the replica like the rest of the dashboard.
  registerEndpoint(app, getPortalFollowUps, async (request, _reply, scope) => {
    const today = businessDayOf(new Date(), timeZone);
    const calendar = await loadWorkingCalendar(app.readDb, addCalendarDays(today, -60), addCalendarDays(today, 40));
    const through = expiringThrough(today, calendar);
    const inScope = ownedInScope(scope, dealOwnership);
    const [stips] = await app.readDb
      .select({ count: sql<number>`count(*)::int` })
      .from(dealStip)
      .innerJoin(deal, eq(deal.id, dealStip.dealId))
      .where(and(inScope, notInArray(deal.stage, finishedStages), inArray(dealStip.status, ["requested", "rejected"])));
    const [approvals] = await app.readDb
      .select({ count: sql<number>`count(*)::int` })
      .from(dealApproval)
      .innerJoin(deal, eq(deal.id, dealApproval.dealId))
      .where(
        and(
          inScope,
          notInArray(deal.stage, finishedStages),
          gte(dealApproval.expiresOn, today),
          lte(dealApproval.expiresOn, through),
        ),
      );
    return { openStips: stips!.count, approvalsExpiring: approvals!.count };
  });
};
