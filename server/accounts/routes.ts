import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { asDealerRole } from "#domain/auth/dealer-roles.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { recentAuthenticationUntil } from "#domain/auth/session-lifetime.ts";
import { confirmIdentity as confirmIdentityEndpoint, getMe, keepAlive } from "#domain/accounts/me-contracts.ts";
import { session } from "../auth/tables.ts";
import { AppError } from "../shared/errors.ts";
import type { SessionUser } from "../auth/auth-plugin.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { confirmIdentity } from "./confirm-identity.ts";
import {
  confirmFailuresPerHour,
  recentConfirmFailures,
  tooManyConfirmFailuresMessage,
} from "./confirm-identity-failures.ts";

const anyRole = Object.values(authRoles);
const secondsUntil = (time: Date) => Math.max(0, Math.floor((time.getTime() - Date.now()) / 1000));

export const accountRoutes: FastifyPluginAsyncZod<{ staffTwoFactorRequired: boolean }> = async (app, options) => {
  const answer = (user: SessionUser) => {
    const { id, email, name, role, twoFactorEnabled } = user;
    const dealerRole = role === authRoles.vendor ? asDealerRole(user.dealerRole) : null;
    return {
      user: { id, email, name, role, dealerRole, twoFactorEnabled },
      staffTwoFactorRequired: options.staffTwoFactorRequired,
      sessionSecondsLeft: secondsUntil(user.sessionEndsAt),
      recentAuthenticationSecondsLeft: secondsUntil(user.recentAuthenticationUntil),
    };
  };

  // Each contract's audience (`signed-in`: any role, staff without two-factor included, so they can reach enrolment) is
  // checked
  // before a body is read, without counting as activity; keeping alive and confirming count, so they ask again.
  registerEndpoint(app, getMe, async (_request, _reply, user) => answer(user));

  registerEndpoint(app, keepAlive, async (request) =>
    answer(await app.requireUser(request, { roles: anyRole, allowMissingTwoFactor: true })),
  );

  registerEndpoint(
    app,
    confirmIdentityEndpoint,
    async (request) => {
      const user = await app.requireUser(request, { roles: anyRole, allowMissingTwoFactor: true });
      if ((await recentConfirmFailures(app.db, user.id)) >= confirmFailuresPerHour) {
        await app.db.delete(session).where(eq(session.id, user.sessionId));
        throw new AppError("RATE_LIMITED", tooManyConfirmFailuresMessage);
      }
      const confirmed = await confirmIdentity(app.auth, request, user, request.body);
      if (!confirmed) {
        await recordAudit(app.db, {
          action: "reauthentication.failed",
          actorUserId: user.id,
          subject: user.id,
          ipAddress: request.ip,
        });
        throw new AppError(
          "VALIDATION_FAILED",
          "code" in request.body
            ? "That code is not right. Please try again."
            : "That password is not right. Please try again.",
        );
      }
      const now = new Date();
      await app.db.update(session).set({ factorVerifiedAt: now }).where(eq(session.id, user.sessionId));
      await recordAudit(app.db, {
        action: "reauthenticated",
        actorUserId: user.id,
        ipAddress: request.ip,
        details: { factor: "code" in request.body ? "totp" : "password" },
      });
      return answer({ ...user, recentAuthenticationUntil: recentAuthenticationUntil(now) });
    },
    // Like better-auth's own TOTP limit: a guesser holding a session gets ten tries a minute.
    { config: { rateLimit: { max: 10, timeWindow: "1 minute" } } },
  );
};
