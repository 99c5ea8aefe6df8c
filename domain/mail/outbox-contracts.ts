import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";

export const outboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(["pending", "sent"]),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
});

export type OutboxMail = z.infer<typeof outboxMail>;

export const outboxBacklog = z.object({ pending: z.number(), oldestAgeSeconds: z.number() });

export type OutboxBacklog = z.infer<typeof outboxBacklog>;

export const outboxListResponse = z.object({
  mails: z.array(outboxMail),
  /** Mails not delivered yet and the age of the oldest, in seconds (0 when none is pending). */
  backlog: outboxBacklog,
});

export const listOutboxMails = endpoint({
  method: "GET",
  path: "/api/back-office/outbox",
  audience: "admin",
  summary: "Latest outbox mails and the backlog (admins)",
  tags: ["back office"],
  responses: { 200: outboxListResponse },
  errors: ["FORBIDDEN"],
});

export const retryOutboxMail = endpoint({
  method: "POST",
  path: "/api/back-office/outbox/:id/retry",
  audience: "admin",
  summary: "Send a pending mail now (admins)",
  tags: ["back office"],
  params: z.object({ id: z.uuid() }),
  responses: { 200: z.object({ ok: z.literal(true) }) },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});
