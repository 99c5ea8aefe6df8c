import type { FastifyPluginAsync } from "fastify";
import { eq } from "drizzle-orm";
import { daysUntil } from "#domain/funders/approval.ts";
import { getPortalDealApproval } from "#domain/funders/deal-funder-contracts.ts";
import { businessDayOf } from "#domain/site/business-day.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { findDeal } from "../deals/find-deal.ts";
import { AppError } from "../shared/errors.ts";
import { dealApproval, funderAnswer } from "./tables.ts";

/** A deal's presented approval in the portal, scoped like the deal (docs/product-rules.md#r54-the-funder-network). */
export const portalApprovalRoutes: FastifyPluginAsync<{ timeZone: string }> = async (app, { timeZone }) => {
  registerEndpoint(app, getPortalDealApproval, async (request, _reply, scope) => {
    const found = await findDeal(app.db, scope, request.params.id);
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    const [row] = await app.db
      .select({ answer: funderAnswer, expiresOn: dealApproval.expiresOn })
      .from(dealApproval)
      .innerJoin(funderAnswer, eq(funderAnswer.id, dealApproval.answerId))
      .where(eq(dealApproval.dealId, found.id));
    if (!row) return { approval: null };
    const { answer, expiresOn } = row;
    return {
      approval: {
        amountCents: answer.amountCents ?? 0,
        termMonths: answer.termMonths,
        paymentCents: answer.paymentCents,
        rateBasisPoints: answer.rateBasisPoints,
        downPaymentCents: answer.downPaymentCents,
        conditions: answer.conditions,
        expiresOn,
        daysLeft: daysUntil(expiresOn, businessDayOf(new Date(), timeZone)),
      },
    };
  });
};
