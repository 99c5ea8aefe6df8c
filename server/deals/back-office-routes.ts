import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  downloadBackOfficeDocument,
  exportDealsCsv,
  getBackOfficeDeal,
  listBackOfficeDealMessages,
  listBackOfficeDeals,
  postBackOfficeDealMessage,
  revealDealClient as revealDealClientEndpoint,
  updateBackOfficeDeal,
} from "#domain/deals/back-office-contracts.ts";
import { monthAndYearInTimeZone } from "#domain/deals/business-month.ts";
import { businessDaysToInstants } from "#domain/site/business-day.ts";
import { AppError } from "../shared/errors.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { dealDetail } from "./deal-detail.ts";
import { dealThread } from "./deal-thread.ts";
import { dealsCsv } from "./export-deals-csv.ts";
import { findDocument } from "./find-document.ts";
import { listAllDeals } from "./list-all-deals.ts";
import { postMessage } from "./post-message.ts";
import { revealDealClient } from "./reveal-deal-client.ts";
import { sendDocument } from "./send-document.ts";
import { updateDeal, type DealUpdateContext } from "./update-deal.ts";
import { dealRecipientEmails } from "../auth/company-user-emails.ts";

/** Deals in the back office (`/api/back-office/*`): the credit team's, staff with two-factor where configured. */
export const backOfficeDealRoutes: FastifyPluginAsyncZod<{
  context: DealUpdateContext & { timeZone: string };
  cipher: FieldCipher;
}> = async (app, { context, cipher }) => {
  registerEndpoint(app, listBackOfficeDeals, async (request) => {
    const { month } = request.query;
    const period =
      month === undefined
        ? undefined
        : { month: Number(month), year: monthAndYearInTimeZone(new Date(), context.timeZone).year };
    return listAllDeals(app.db, request.query, period, context.timeZone);
  });

  registerEndpoint(app, getBackOfficeDeal, async (request) => {
    const detail = await dealDetail(app.db, request.params.id);
    if (!detail) throw new AppError("NOT_FOUND", "Not found.");
    return detail;
  });

  registerEndpoint(app, updateBackOfficeDeal, async (request, _reply, user) => {
    const { changed } = await updateDeal(app.db, context, user, request.params.id, request.body);
    return { changed };
  });

  registerEndpoint(app, listBackOfficeDealMessages, async (request) => {
    if (!(await dealDetail(app.db, request.params.id))) throw new AppError("NOT_FOUND", "Not found.");
    return dealThread(app.db, request.params.id);
  });

  registerEndpoint(app, postBackOfficeDealMessage, async (request, reply, user, receive) => {
    const detail = await dealDetail(app.db, request.params.id);
    if (!detail) throw new AppError("NOT_FOUND", "Not found.");
    return receive(`deals/${detail.deal.id}`, async ({ fields, files }) => {
      const message = await postMessage(app.db, context, {
        dealId: detail.deal.id,
        businessName: detail.deal.businessName,
        author: { userId: user.id, role: "staff", email: user.email },
        recipient: await dealRecipientEmails(app.db, detail),
        body: fields.body,
        attachments: files,
        logicalFolder: `${detail.deal.vendorEmail ?? (detail.vendorCompanyId ? "referred" : "direct")}/${detail.deal.businessName}`,
      });
      return reply.status(201).send(message);
    });
  });

  registerEndpoint(
    app,
    downloadBackOfficeDocument,
    // Client-info files carry the SSNs and dates of birth a reveal protects (the contract asks a fresh factor).
    async (request, reply, user) => {
      const document = await findDocument(app.db, request.params.id);
      if (!document) throw new AppError("NOT_FOUND", "Not found.");
      await recordAudit(app.db, {
        action: "document.download",
        actorUserId: user.id,
        subject: document.id,
        ipAddress: request.ip,
      });
      return sendDocument(reply, app.storage, document);
    },
  );

  registerEndpoint(app, revealDealClientEndpoint, async (request, _reply, user) => {
    return {
      value: await revealDealClient(
        app.db,
        cipher,
        { id: user.id, ip: request.ip },
        request.params.id,
        request.body.field,
      ),
    };
  });

  // Days from `from` 00:00 to the end of `to` in the business time zone; streamed in batches.
  registerEndpoint(app, exportDealsCsv, async (request, reply, user) => {
    const body = await dealsCsv(app.db, businessDaysToInstants(request.query, context.timeZone));
    await recordAudit(app.db, { action: "export.deals", actorUserId: user.id, details: request.query });
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="deals-${request.query.from}-${request.query.to}.csv"`)
      .send(body);
  });
};
