import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { optOutOfStatusMails as optOutEndpoint } from "#domain/mail/status-mail-contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { optOutOfStatusMails } from "./opt-out-of-status-mails.ts";

/** Public: the one-click opt-out of the applicant's status mails. */
export const statusMailRoutes: FastifyPluginAsyncZod<{ rateLimit: { max: number; timeWindow: string } }> = async (
  app,
  { rateLimit },
) => {
  registerEndpoint(
    app,
    optOutEndpoint,
    async (request) => {
      await optOutOfStatusMails(app.db, request.body.token);
      return { ok: true as const };
    },
    { config: { rateLimit } },
  );
};
