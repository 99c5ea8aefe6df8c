import type { FastifyPluginAsync } from "fastify";
import {
  cancelPayoutAccount as cancelPayoutAccountEndpoint,
  confirmPayoutAccount as confirmPayoutAccountEndpoint,
  enterPayoutAccount as enterPayoutAccountEndpoint,
  getPayoutAccount,
  sendPayoutAccountCode as sendPayoutAccountCodeEndpoint,
} from "#domain/payout-accounts/portal-contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { cancelPayoutAccount, sendPayoutAccountCode } from "./change-payout-account.ts";
import { confirmPayoutAccount } from "./confirm-payout-account.ts";
import { enterPayoutAccount } from "./enter-payout-account.ts";
import type { PayoutAccountContext } from "./payout-account-context.ts";
import { companyPayoutAccounts, payoutFactorOf } from "./payout-account-views.ts";
import { verifyTotpCode } from "./verify-totp-code.ts";

/**
 * Per address, on top of the entry's and code's own caps: a person enters an account or a code a few
 * times, a script guessing codes gets ten tries a minute (and five per entry).
 */
const changeLimit = { config: { rateLimit: { max: 10, timeWindow: "1 minute" } } };

/**
 * The company's payout account in the portal (docs/product-rules.md#r59-payout-accounts): its dealer
 * admins only (the `dealer-admin` audience: a sales rep gets 403), scoped to the session's company.
 */
export const portalPayoutAccountRoutes: FastifyPluginAsync<{ context: PayoutAccountContext }> = async (
  app,
  { context },
) => {
  registerEndpoint(app, getPayoutAccount, async (_request, _reply, scope) => {
    const accounts = await companyPayoutAccounts(app.db, scope.companyId, "dealer", context.timeZone);
    return {
      current: accounts.current,
      awaiting: accounts.awaiting,
      awaitingIsMine: accounts.awaitingCreatedBy === scope.userId,
      factor: await payoutFactorOf(app.db, scope.userId),
      coolingOffBusinessDays: context.coolingOffBusinessDays,
      history: accounts.history,
    };
  });

  registerEndpoint(
    app,
    enterPayoutAccountEndpoint,
    async (request, _reply, scope) =>
      enterPayoutAccount(app.db, context, scope, request.body, await payoutFactorOf(app.db, scope.userId), request.ip),
    changeLimit,
  );

  registerEndpoint(
    app,
    sendPayoutAccountCodeEndpoint,
    async (request, _reply, scope) => sendPayoutAccountCode(app.db, context, scope, request.ip),
    changeLimit,
  );

  registerEndpoint(
    app,
    confirmPayoutAccountEndpoint,
    async (request, _reply, scope) =>
      confirmPayoutAccount(
        app.db,
        context,
        scope,
        request.body.code,
        await payoutFactorOf(app.db, scope.userId),
        (code) => verifyTotpCode(app.auth, request, code),
        request.ip,
      ),
    changeLimit,
  );

  registerEndpoint(
    app,
    cancelPayoutAccountEndpoint,
    async (request, _reply, scope) => {
      await cancelPayoutAccount(app.db, scope, request.ip);
      return { ok: true as const };
    },
    changeLimit,
  );
};
