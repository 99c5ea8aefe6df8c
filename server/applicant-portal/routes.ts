import type { FastifyPluginAsync } from "fastify";
import { and, eq } from "drizzle-orm";
import {
  endApplicantSession,
  getApplicantApplication,
  requestApplicantCode,
  sendApplicantStipFiles,
  startApplicantSession,
} from "#domain/applicant-portal/contracts.ts";
import { takesApplicantFiles } from "#domain/applicant-portal/applicant-access.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import type { DealUpdateContext } from "../deals/update-deal.ts";
import { AppError } from "../shared/errors.ts";
import { deal } from "../deals/tables.ts";
import { receiveStipFiles } from "../stips/receive-stip-file.ts";
import { dealStip } from "../stips/tables.ts";
import { applicantPage } from "./applicant-page.ts";
import { openApplicantSession } from "./open-applicant-session.ts";
import { sendApplicantCode } from "./send-applicant-code.ts";
import { applicantAccess } from "./tables.ts";

/**
 * The applicant's page (docs/product-rules.md#r56-the-applicants-page): a link's token asks for a code and
 * the code opens a session (public, each at the public forms' limit per address); the session reads
 * the page, sends the files of the applicant's stips (through the stips' own receiving, so the same
 * content checks, step, review clock and audit entry, `stip.received` by the applicant) and closes
 * it. Every answer is no-store (plugins/security.ts).
 */
export const applicantRoutes: FastifyPluginAsync<{
  context: DealUpdateContext;
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

  registerEndpoint(app, sendApplicantStipFiles, async (request, reply, caller, receive) => {
    const [found] = await app.db
      .select({ id: deal.id, businessName: deal.businessName, accountNumber: deal.accountNumber, stage: deal.stage })
      .from(deal)
      .where(eq(deal.id, caller.dealId));
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    // Before a byte is stored: the stip is this deal's and the applicant's (receiveStipFiles checks again, locked).
    const [stip] = await app.db
      .select({ id: dealStip.id })
      .from(dealStip)
      .where(
        and(
          eq(dealStip.id, request.params.stipId),
          eq(dealStip.dealId, found.id),
          eq(dealStip.satisfiedBy, "applicant"),
        ),
      );
    if (!stip) throw new AppError("NOT_FOUND", "Not found.");
    if (!takesApplicantFiles(found.stage))
      throw new AppError("CONFLICT", "This application is no longer taking documents. Call your finance specialist.");
    return receive(`deals/${found.id}`, async ({ fields, files }) => {
      await receiveStipFiles(
        app.db,
        context,
        { kind: "applicant", ipAddress: request.ip },
        found,
        request.params.stipId,
        files,
        fields.note,
      );
      return reply.status(201).send({ ok: true as const });
    });
  });

  registerEndpoint(app, endApplicantSession, async (_request, reply, caller) => {
    await app.db
      .update(applicantAccess)
      .set({ sessionTokenHash: null, sessionExpiresAt: null })
      .where(eq(applicantAccess.id, caller.accessId));
    reply.header("set-cookie", app.applicantCookie.cleared());
    return { ok: true as const };
  });
};
