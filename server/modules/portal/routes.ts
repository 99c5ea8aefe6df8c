import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { dashboardResponse, dealCreatedResponse, dealListResponse, dealMessagesResponse, messageBodySchema, monthQuery } from "#domain/api/portal.ts";
import { monthAndYearInTimeZone } from "#domain/deals/business-month.ts";
import { newDealClientSchema } from "#domain/deals/new-deal-schema.ts";
import { canReply } from "#domain/deals/stages.ts";
import { AppError } from "../../errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { FieldCipher } from "../crypto/field-cipher.ts";
import type { LeadContext } from "../leads/store-lead.ts";
import { createDeal } from "./create-deal.ts";
import { dealDashboard, dealThread, findDeal, findDocument, listDeals, type Period } from "./deal-queries.ts";
import { postMessage } from "./post-message.ts";
import { discardUploads, receiveUploads } from "./receive-uploads.ts";
import { sendDocument } from "./send-document.ts";
import { requireVendorScope } from "./vendor-scope.ts";

const idParams = z.object({ id: z.uuid() });

export const portalRoutes: FastifyPluginAsyncZod<{ context: LeadContext & { timeZone: string }; cipher: FieldCipher }> = async (app, { context, cipher }) => {
  const period = (month: string | undefined): Period => {
    if (month === "all") return null;
    const now = monthAndYearInTimeZone(new Date(), context.timeZone);
    return { month: month === undefined ? now.month : Number(month), year: now.year };
  };
  // Signed-in vendors only, checked before the body is read or validated.
  app.addHook("onRequest", async (request) => {
    await requireVendorScope(app, request);
  });

  app.get("/api/portal/deals", { schema: { tags: ["portal"], summary: "The company's deals for a month (or all)", querystring: monthQuery, response: { 200: dealListResponse } } }, async (request) => {
    const scope = await requireVendorScope(app, request);
    return listDeals(app.db, scope, period(request.query.month), request.query.cursor);
  });

  app.get("/api/portal/dashboard", { schema: { tags: ["portal"], summary: "Dashboard counts and totals", querystring: monthQuery, response: { 200: dashboardResponse } } }, async (request) => {
    const scope = await requireVendorScope(app, request);
    return dealDashboard(app.readDb, scope, period(request.query.month));
  });

  app.post(
    "/api/portal/deals",
    { schema: { tags: ["portal"], summary: "Submit New Deal (multipart: field `deal` as JSON, files in slots)", consumes: ["multipart/form-data"], response: { 200: dealCreatedResponse, 201: dealCreatedResponse } } },
    async (request, reply) => {
      const scope = await requireVendorScope(app, request);
      if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the deal as multipart/form-data.");
      const dealId = randomUUID();
      const { fields, files } = await receiveUploads(request, app.storage, `deals/${dealId}`, ["client-info", "additional-1", "additional-2"]);
      try {
        const parsed = newDealClientSchema.safeParse(safeJson(fields.deal));
        if (!parsed.success) throw new AppError("VALIDATION_FAILED", parsed.error.issues[0]?.message ?? "Please complete the client information.");
        const result = await createDeal(app.db, cipher, context, scope, dealId, parsed.data, files);
        if (!result.created) await discardUploads(app.storage, files);
        else void app.deliverMailNow();
        return reply.status(result.created ? 201 : 200).send({ id: result.id, accountNumber: result.accountNumber });
      } catch (error) {
        await discardUploads(app.storage, files);
        throw error;
      }
    },
  );

  app.get("/api/portal/deals/:id/messages", { schema: { tags: ["portal"], summary: "A deal's message thread and documents", params: idParams, response: { 200: dealMessagesResponse } } }, async (request) => {
    const scope = await requireVendorScope(app, request);
    const found = await findDeal(app.db, scope, request.params.id);
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    return dealThread(app.db, found.id);
  });

  app.post(
    "/api/portal/deals/:id/messages",
    { schema: { tags: ["portal"], summary: "Write to the credit team about a deal (multipart: `body`, files `attachment`)", params: idParams, consumes: ["multipart/form-data"], response: { 201: z.object({ id: z.string() }) } } },
    async (request, reply) => {
      const scope = await requireVendorScope(app, request);
      const found = await findDeal(app.db, scope, request.params.id);
      if (!found) throw new AppError("NOT_FOUND", "Not found.");
      if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the message as multipart/form-data.");
      const { fields, files } = await receiveUploads(request, app.storage, `deals/${found.id}`, ["attachment"]);
      try {
        const thread = await dealThread(app.db, found.id);
        const lastAuthor = thread.messages.at(-1)?.author ?? null;
        if (!canReply(found.stage, lastAuthor)) throw new AppError("CONFLICT", "This deal is waiting for the credit team's answer, or it is closed.");
        const body = messageBodySchema.safeParse(fields.body ?? "");
        if (!body.success) throw new AppError("VALIDATION_FAILED", body.error.issues[0]!.message);
        const message = await postMessage(app.db, context, {
          dealId: found.id,
          businessName: found.businessName,
          author: { userId: scope.userId, role: "vendor", email: scope.email },
          recipient: context.creditTeamEmail,
          body: body.data,
          attachments: files,
          logicalFolder: `${scope.email}/${found.businessName}`,
        });
        void app.deliverMailNow();
        return reply.status(201).send(message);
      } catch (error) {
        await discardUploads(app.storage, files);
        throw error;
      }
    },
  );

  app.get("/api/portal/documents/:id", { schema: { tags: ["portal"], summary: "Download a document (as an attachment)", params: idParams } }, async (request, reply) => {
    const scope = await requireVendorScope(app, request);
    const document = await findDocument(app.db, scope, request.params.id);
    if (!document) throw new AppError("NOT_FOUND", "Not found.");
    await recordAudit(app.db, { action: "document.download", actorUserId: scope.userId, subject: document.id, ipAddress: request.ip });
    return sendDocument(reply, app.storage, document);
  });
};

function safeJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? "");
  } catch {
    return null;
  }
}
