import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { listOutboxMails as listOutboxMailsEndpoint, retryOutboxMail as retryOutboxMailEndpoint } from "#domain/api/outbox.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { registerEndpoint } from "../../register-endpoint.ts";
import { outboxBacklog } from "../metrics/database-gauges.ts";
import { listOutboxMails } from "./list-outbox-mails.ts";
import { retryOutboxMail } from "./retry-outbox-mail.ts";

/** The mail outbox, for admins: what the site sent or will send, and a way to send a pending mail now. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = (request: FastifyRequest) => app.requireUser(request, { roles: [authRoles.admin] });
  // Admins only, checked before anything else is read.
  const adminOnly = { onRequest: async (request: FastifyRequest) => void (await admin(request)) };

  registerEndpoint(
    app,
    listOutboxMailsEndpoint,
    async (request) => {
      await admin(request);
      const [list, backlog] = await Promise.all([listOutboxMails(app.db), outboxBacklog(app.db)]);
      return { ...list, backlog: { pending: backlog.pending, oldestAgeSeconds: Math.round(backlog.oldestAgeSeconds) } };
    },
    adminOnly,
  );

  registerEndpoint(
    app,
    retryOutboxMailEndpoint,
    async (request) => {
      await admin(request);
      await retryOutboxMail(app.db, request.params.id);
      return { ok: true as const };
    },
    adminOnly,
  );
};
