import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { backOfficeDealDetail, backOfficeDealList, backOfficeDealQuery, dealUpdateRequest } from "#domain/api/back-office.ts";
import { dealMessagesResponse, messageBodySchema } from "#domain/api/portal.ts";
import { staffRoles } from "#domain/auth/roles.ts";
import { monthAndYearInTimeZone } from "#domain/deals/business-month.ts";
import { dealDocument } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { LeadContext } from "../leads/store-lead.ts";
import { dealThread } from "../portal/deal-queries.ts";
import { postMessage } from "../portal/post-message.ts";
import { discardUploads, receiveUploads } from "../portal/receive-uploads.ts";
import { sendDocument } from "../portal/send-document.ts";
import { dealDetail, listAllDeals } from "./back-office-queries.ts";
import { updateDeal } from "./update-deal.ts";

const idParams = z.object({ id: z.uuid() });

/** The credit team's endpoints; every one requires staff (and two-factor where configured). */
export const backOfficeRoutes: FastifyPluginAsyncZod<{ context: LeadContext & { timeZone: string } }> = async (app, { context }) => {
  const staff = (request: Parameters<typeof app.requireUser>[0]) => app.requireUser(request, { roles: staffRoles });
  // Staff only, checked before the body is read or validated.
  app.addHook("onRequest", async (request) => {
    await staff(request);
  });

  app.get("/api/back-office/deals", { schema: { tags: ["back office"], summary: "All vendors' deals", querystring: backOfficeDealQuery, response: { 200: backOfficeDealList } } }, async (request) => {
    await staff(request);
    const { stage, company, month, q, cursor } = request.query;
    const period = month === undefined ? undefined : { month: Number(month), year: monthAndYearInTimeZone(new Date(), context.timeZone).year };
    return listAllDeals(app.db, { stage: stage === undefined ? undefined : Number(stage), company, period, q, cursor });
  });

  app.get("/api/back-office/deals/:id", { schema: { tags: ["back office"], summary: "One deal with client, history", params: idParams, response: { 200: backOfficeDealDetail } } }, async (request) => {
    await staff(request);
    const detail = await dealDetail(app.db, request.params.id);
    if (!detail) throw new AppError("NOT_FOUND", "Not found.");
    return detail;
  });

  app.patch(
    "/api/back-office/deals/:id",
    { schema: { tags: ["back office"], summary: "Change stage, notes, score, cost, down payment", params: idParams, body: dealUpdateRequest, response: { 200: z.object({ changed: z.array(z.string()) }) } } },
    async (request) => {
      const user = await staff(request);
      const result = await updateDeal(app.db, context, user, request.params.id, request.body);
      if (result.changed.includes("stage")) void app.deliverMailNow();
      return result;
    },
  );

  app.get("/api/back-office/deals/:id/messages", { schema: { tags: ["back office"], summary: "A deal's thread and documents", params: idParams, response: { 200: dealMessagesResponse } } }, async (request) => {
    await staff(request);
    if (!(await dealDetail(app.db, request.params.id))) throw new AppError("NOT_FOUND", "Not found.");
    return dealThread(app.db, request.params.id);
  });

  app.post(
    "/api/back-office/deals/:id/messages",
    { schema: { tags: ["back office"], summary: "Answer the vendor (multipart: `body`, files `attachment`)", params: idParams, consumes: ["multipart/form-data"], response: { 201: z.object({ id: z.string() }) } } },
    async (request, reply) => {
      const user = await staff(request);
      const detail = await dealDetail(app.db, request.params.id);
      if (!detail) throw new AppError("NOT_FOUND", "Not found.");
      if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the message as multipart/form-data.");
      const { fields, files } = await receiveUploads(request, app.storage, `deals/${detail.deal.id}`, ["attachment"]);
      try {
        const body = messageBodySchema.safeParse(fields.body ?? "");
        if (!body.success) throw new AppError("VALIDATION_FAILED", body.error.issues[0]!.message);
        const message = await postMessage(app.db, context, {
          dealId: detail.deal.id,
          businessName: detail.deal.businessName,
          author: { userId: user.id, role: "staff", email: user.email },
          recipient: detail.deal.vendorEmail,
          body: body.data,
          attachments: files,
          logicalFolder: `${detail.deal.vendorEmail}/${detail.deal.businessName}`,
        });
        void app.deliverMailNow();
        return reply.status(201).send(message);
      } catch (error) {
        await discardUploads(app.storage, files);
        throw error;
      }
    },
  );

  app.get("/api/back-office/documents/:id", { schema: { tags: ["back office"], summary: "Download a document (audited)", params: idParams } }, async (request, reply) => {
    const user = await staff(request);
    const [document] = await app.db.select().from(dealDocument).where(eq(dealDocument.id, request.params.id));
    if (!document) throw new AppError("NOT_FOUND", "Not found.");
    await recordAudit(app.db, { action: "document.download", actorUserId: user.id, subject: document.id, ipAddress: request.ip });
    return sendDocument(reply, app.storage, document);
  });
};
