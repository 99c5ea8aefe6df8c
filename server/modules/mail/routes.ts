import { desc } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { outboxListResponse } from "#domain/api/outbox.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { mailOutbox } from "../../db/schema.ts";

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/back-office/outbox",
    { schema: { tags: ["back office"], summary: "Latest outbox mails (admins)", response: { 200: outboxListResponse } } },
    async (request) => {
      await app.requireUser(request, { roles: [authRoles.admin] });
      const rows = await app.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(100);
      return {
        mails: rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: row.text,
          status: row.status,
          attempts: row.attempts,
          lastError: row.lastError,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
        })),
      };
    },
  );
};
