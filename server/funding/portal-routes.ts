import type { FastifyPluginAsync } from "fastify";
import { getPortalDealFunding, getV1DealFunding } from "#domain/funding/portal-contracts.ts";
import { findDeal } from "../deals/find-deal.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { AppError } from "../shared/errors.ts";
import type { VendorScope } from "../shared/vendor-scope.ts";
import { dealerFundingOf } from "./dealer-funding-view.ts";

/**
 * The deal's funding for its dealer, scoped like the deal (ADR 0009: another company's deal is not
 * found): in the portal and through /api/v1 (whose budget plugins/api-keys.ts counts).
 */
export const portalFundingRoutes: FastifyPluginAsync<{ timeZone: string }> = async (app, { timeZone }) => {
  const fundingOf = async (scope: VendorScope, id: string) => {
    const found = await findDeal(app.db, scope, id);
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    return { funding: await dealerFundingOf(app.db, found.id, timeZone) };
  };
  registerEndpoint(app, getPortalDealFunding, async (request, _reply, scope) => fundingOf(scope, request.params.id));
  registerEndpoint(app, getV1DealFunding, async (request, _reply, key) => fundingOf(key.scope, request.params.id), {
    config: { rateLimit: false },
  });
};
