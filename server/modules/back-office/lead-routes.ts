import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { creditApplicationDetail, leadInboxResponse, leadStatuses, leadTypes, leadUpdateRequest, revealRequest } from "#domain/leads/lead-inbox.ts";
import { authRoles, staffRoles } from "#domain/auth/roles.ts";
import { dateRange } from "#domain/forms/date-range.ts";
import { businessDaysToInstants } from "#domain/site/business-day.ts";
import { mailOutbox } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { FieldCipher } from "../crypto/field-cipher.ts";
import { creditApplicationForStaff, leadInbox, revealSensitive, updateLead } from "./lead-inbox.ts";
import { leadsCsv } from "./export-leads-csv.ts";

/**
 * Lead inbox, sensitive reveals, exports, and outbox retry. `timeZone` is the
 * brand's business time zone: export days are cut there.
 */
export const leadRoutes: FastifyPluginAsyncZod<{ cipher: FieldCipher; promisedMinutes: number; timeZone: string }> = async (app, { cipher, promisedMinutes, timeZone }) => {
  const staff = (request: Parameters<typeof app.requireUser>[0]) => app.requireUser(request, { roles: staffRoles });
  // Reveals and exports: a factor proved within the last few minutes (POST /api/me/confirm-identity).
  const staffJustConfirmed = (request: Parameters<typeof app.requireUser>[0]) => app.requireUser(request, { roles: staffRoles, recentAuthentication: true });
  // Staff only, checked before the body is read or validated.
  app.addHook("onRequest", async (request) => {
    await staff(request);
  });

  app.get("/api/back-office/leads", { schema: { tags: ["back office"], summary: "Lead inbox, newest first", querystring: z.object({ status: z.optional(z.enum(leadStatuses)) }), response: { 200: leadInboxResponse } } }, async (request) => {
    await staff(request);
    return leadInbox(app.db, request.query, new Date(), promisedMinutes);
  });

  app.patch(
    "/api/back-office/leads/:type/:id",
    { schema: { tags: ["back office"], summary: "Set a lead's status or assignee", params: z.object({ type: z.enum(leadTypes), id: z.uuid() }), body: leadUpdateRequest, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      await staff(request);
      await updateLead(app.db, request.params.type, request.params.id, request.body);
      return { ok: true as const };
    },
  );

  app.get("/api/back-office/credit-applications/:id", { schema: { tags: ["back office"], summary: "A credit application, sensitive numbers masked", params: z.object({ id: z.uuid() }), response: { 200: creditApplicationDetail } } }, async (request) => {
    await staff(request);
    const found = await creditApplicationForStaff(app.db, request.params.id);
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    return found;
  });

  app.post(
    "/api/back-office/credit-applications/:id/reveal",
    { schema: { tags: ["back office"], summary: "Reveal an SSN or tax id (audited)", params: z.object({ id: z.uuid() }), body: revealRequest, response: { 200: z.object({ value: z.string() }) } } },
    async (request) => {
      const user = await staffJustConfirmed(request);
      return { value: await revealSensitive(app.db, cipher, { id: user.id, ip: request.ip }, request.params.id, request.body.field) };
    },
  );

  app.get("/api/back-office/export/leads.csv", { schema: { tags: ["back office"], summary: "Leads of a date range (business time zone), as CSV (no SSN, tax id or date of birth)", querystring: dateRange } }, async (request, reply) => {
    const user = await staffJustConfirmed(request);
    const body = await leadsCsv(app.db, businessDaysToInstants(request.query, timeZone));
    await recordAudit(app.db, { action: "export.leads", actorUserId: user.id, details: request.query });
    return reply.header("content-type", "text/csv; charset=utf-8").header("content-disposition", `attachment; filename="leads-${request.query.from}-${request.query.to}.csv"`).send(body);
  });

  app.post("/api/back-office/outbox/:id/retry", { schema: { tags: ["back office"], summary: "Send a pending mail now (admins)", params: z.object({ id: z.uuid() }), response: { 200: z.object({ ok: z.literal(true) }) } } }, async (request) => {
    await app.requireUser(request, { roles: [authRoles.admin] });
    const [mail] = await app.db.update(mailOutbox).set({ nextAttemptAt: new Date() }).where(and(eq(mailOutbox.id, request.params.id), eq(mailOutbox.status, "pending"))).returning({ id: mailOutbox.id });
    if (!mail) throw new AppError("NOT_FOUND", "No pending mail with this id.");
    void app.deliverMailNow();
    return { ok: true as const };
  });
};
