import type { FastifyPluginAsync } from "fastify";
import {
  approveFunding as approveFundingEndpoint,
  cancelFunding as cancelFundingEndpoint,
  getDealFunding,
  prepareFunding as prepareFundingEndpoint,
  recordVerification as recordVerificationEndpoint,
  rejectFunding as rejectFundingEndpoint,
} from "#domain/funding/back-office-contracts.ts";
import type { DealUpdateContext } from "../deals/update-deal.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { cancelFunding } from "./cancel-funding.ts";
import { approveFunding, rejectFunding } from "./decide-funding.ts";
import { prepareFunding } from "./prepare-funding.ts";
import { recordVerification } from "./record-verification.ts";
import { staffFundingView } from "./staff-funding-view.ts";

/**
 * Verification and funding in the back office (docs/product-rules.md#r58-verification-and-funding):
 * record the call (Verbal), prepare the funding, approve or reject it as a second staff member
 * (Funded), cancel a funded deal. Every answer is the deal's funding view as it now stands.
 */
export const backOfficeFundingRoutes: FastifyPluginAsync<{ context: DealUpdateContext }> = async (app, { context }) => {
  const timeZone = context.promise.timeZone;
  const view = (dealId: string, viewerId: string) => staffFundingView(app.db, dealId, viewerId, timeZone);
  // Funding changes are rare and heavy (locks, earnings, mails): a few a minute per user is plenty.
  const limited = { config: { rateLimit: { max: 20, timeWindow: "1 minute" } } };

  registerEndpoint(app, getDealFunding, async (request, _reply, user) => view(request.params.id, user.id));

  registerEndpoint(
    app,
    recordVerificationEndpoint,
    async (request, _reply, user) => {
      await recordVerification(app.db, context, { ...user, ipAddress: request.ip }, request.params.id, request.body);
      return view(request.params.id, user.id);
    },
    limited,
  );

  registerEndpoint(
    app,
    prepareFundingEndpoint,
    async (request, reply, user) => {
      await prepareFunding(app.db, { id: user.id, ipAddress: request.ip }, request.params.id, timeZone);
      return reply.status(201).send(await view(request.params.id, user.id));
    },
    limited,
  );

  registerEndpoint(
    app,
    approveFundingEndpoint,
    async (request, _reply, user) =>
      view(await approveFunding(app.db, context, { ...user, ipAddress: request.ip }, request.params.id), user.id),
    limited,
  );

  registerEndpoint(
    app,
    rejectFundingEndpoint,
    async (request, _reply, user) =>
      view(
        await rejectFunding(app.db, { ...user, ipAddress: request.ip }, request.params.id, request.body.reason),
        user.id,
      ),
    limited,
  );

  registerEndpoint(
    app,
    cancelFundingEndpoint,
    async (request, _reply, user) =>
      view(
        await cancelFunding(
          app.db,
          context,
          { ...user, ipAddress: request.ip },
          request.params.id,
          request.body.reason,
        ),
        user.id,
      ),
    limited,
  );
};
