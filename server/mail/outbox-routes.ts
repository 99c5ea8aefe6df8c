import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  listOutboxMails as listOutboxMailsEndpoint,
  retryOutboxMail as retryOutboxMailEndpoint,
} from "#domain/mail/outbox-contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { outboxBacklog } from "../monitoring/database-gauges.ts";
import { listOutboxMails } from "./list-outbox-mails.ts";
import { retryOutboxMail } from "./retry-outbox-mail.ts";

/** The mail outbox, for admins: what the site sent or will send, and a way to send a pending mail now. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, listOutboxMailsEndpoint, async () => {
    const [list, backlog] = await Promise.all([listOutboxMails(app.db), outboxBacklog(app.db)]);
    return { ...list, backlog: { pending: backlog.pending, oldestAgeSeconds: Math.round(backlog.oldestAgeSeconds) } };
  });

  registerEndpoint(app, retryOutboxMailEndpoint, async (request) => {
    await retryOutboxMail(app.db, request.params.id);
    return { ok: true as const };
  });
};
