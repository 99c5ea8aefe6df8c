import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { staffRoles } from "#domain/auth/roles.ts";
import { dateRange } from "#domain/forms/date-range.ts";
import { businessDaysToInstants } from "#domain/site/business-day.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { FieldCipher } from "../crypto/field-cipher.ts";
import { dealsCsv } from "./export-deals-csv.ts";
import { revealDealClient } from "./lead-inbox.ts";

/**
 * The deal client reveal and the deals export (the lead inbox, lead exports and outbox retry are
 * in modules/leads and modules/outbox). `timeZone` is the brand's business time zone: export days are cut there.
 */
export const leadRoutes: FastifyPluginAsyncZod<{ cipher: FieldCipher; timeZone: string }> = async (app, { cipher, timeZone }) => {
  const staff = (request: Parameters<typeof app.requireUser>[0]) => app.requireUser(request, { roles: staffRoles });
  // Reveals and exports: a factor proved within the last few minutes (POST /api/me/confirm-identity).
  const staffJustConfirmed = (request: Parameters<typeof app.requireUser>[0]) => app.requireUser(request, { roles: staffRoles, recentAuthentication: true });
  // Staff only, checked before the body is read or validated.
  app.addHook("onRequest", async (request) => {
    await staff(request);
  });

  app.post(
    "/api/back-office/deals/:id/reveal",
    { schema: { tags: ["back office"], summary: "Reveal a deal client's tax id or date of birth (audited)", params: z.object({ id: z.uuid() }), body: z.object({ field: z.enum(["taxId", "dob"]) }), response: { 200: z.object({ value: z.string() }) } } },
    async (request) => {
      const user = await staffJustConfirmed(request);
      return { value: await revealDealClient(app.db, cipher, { id: user.id, ip: request.ip }, request.params.id, request.body.field) };
    },
  );

  // Days from `from` 00:00 to the end of `to` in the business time zone; streamed in batches.
  app.get("/api/back-office/export/deals.csv", { schema: { tags: ["back office"], summary: "Deals created in a date range (business time zone), as CSV", querystring: dateRange } }, async (request, reply) => {
    const user = await staffJustConfirmed(request);
    const body = await dealsCsv(app.db, businessDaysToInstants(request.query, timeZone));
    await recordAudit(app.db, { action: "export.deals", actorUserId: user.id, details: request.query });
    return reply.header("content-type", "text/csv; charset=utf-8").header("content-disposition", `attachment; filename="deals-${request.query.from}-${request.query.to}.csv"`).send(body);
  });
};
