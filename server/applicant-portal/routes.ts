import type { FastifyPluginAsync } from "fastify";
import { eq } from "drizzle-orm";
import {
  endApplicantSession,
  getApplicantApplication,
  requestApplicantCode,
  startApplicantSession,
} from "#domain/applicant-portal/contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import type { MailContext } from "../shared/request-context.ts";
import { applicantPage } from "./applicant-page.ts";
import { openApplicantSession } from "./open-applicant-session.ts";
import { sendApplicantCode } from "./send-applicant-code.ts";
import { applicantAccess } from "./tables.ts";

/**
 * The applicant's page (docs/product-rules.md#r56-the-applicants-page): a link's token asks for a code and
 * the code opens a session (public, each at the public forms' limit per address); the session reads
 * the page and closes it. Every answer is no-store (plugins/security.ts).
 */
export const applicantRoutes: FastifyPluginAsync<{
  context: MailContext;
  timeZone: string;
  rateLimit: { max: number; timeWindow: string };
}> = async (app, { context, timeZone, rateLimit }) => {
  registerEndpoint(
    app,
    requestApplicantCode,
    async (request) => sendApplicantCode(app.db, context, request.body.token),
    {
      config: { rateLimit },
    },
  );

  registerEndpoint(
    app,
    startApplicantSession,
    async (request, reply) => {
      const session = await openApplicantSession(app.db, request.body.token, request.body.code);
      reply.header("set-cookie", app.applicantCookie.opened(session.sessionToken));
      return { ok: true as const };
    },
    { config: { rateLimit } },
  );

  registerEndpoint(app, getApplicantApplication, async (_request, _reply, caller) =>
    applicantPage(app.db, caller, timeZone),
  );

  registerEndpoint(app, endApplicantSession, async (_request, reply, caller) => {
    await app.db
      .update(applicantAccess)
      .set({ sessionTokenHash: null, sessionExpiresAt: null })
      .where(eq(applicantAccess.id, caller.accessId));
    reply.header("set-cookie", app.applicantCookie.cleared());
    return { ok: true as const };
  });
};
