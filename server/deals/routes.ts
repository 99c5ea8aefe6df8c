import { randomUUID } from "node:crypto";
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
import {
  addPortalDealDocuments,
  downloadPortalDocument,
  getPortalDashboard,
  getPortalDeal,
  getPortalUnread,
  listPortalDealMessages,
  listPortalDeals,
  markPortalDealRead,
  postPortalDealMessage,
  submitDeal,
} from "#domain/deals/portal-contracts.ts";
import { monthAndYearInTimeZone } from "#domain/deals/business-month.ts";
import { canReply } from "#domain/deals/stages.ts";
import { businessDaysToInstants } from "#domain/site/business-day.ts";
import { AppError } from "../shared/errors.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import type { LeadContext } from "../shared/request-context.ts";
import { createDeal } from "./create-deal.ts";
import { dealDashboard } from "./deal-dashboard.ts";
import { dealDetail } from "./deal-detail.ts";
import { portalPeriod } from "./deal-period.ts";
import { dealThread } from "./deal-thread.ts";
import { dealsCsv } from "./export-deals-csv.ts";
import { findDeal } from "./find-deal.ts";
import { findDocument, findVendorDocument } from "./find-document.ts";
import { listAllDeals } from "./list-all-deals.ts";
import { listDeals } from "./list-deals.ts";
import { addDealDocuments, markDealRead, portalDealDetail, unreadCount } from "./portal-deal-page.ts";
import { postMessage } from "./post-message.ts";
import { revealDealClient } from "./reveal-deal-client.ts";
import { sendDocument } from "./send-document.ts";
import { updateDeal } from "./update-deal.ts";
import { companyUserEmails } from "../auth/company-user-emails.ts";
import type { VendorScope } from "../shared/vendor-scope.ts";

/**
 * Deals: the vendor portal's (`/api/portal/*`: the session's company only, ADR 0009) and the
 * credit team's (`/api/back-office/*`: staff, with two-factor where configured). Each contract's
 * audience is checked before the body is read (server/register-endpoint.ts).
 */
export const dealRoutes: FastifyPluginAsyncZod<{ context: LeadContext & { timeZone: string }; cipher: FieldCipher }> = async (app, { context, cipher }) => {
  // A deal of the session's vendor company, or 404 (another company's deal id included; ADR 0009).
  const vendorDeal = async (scope: VendorScope, id: string) => {
    const found = await findDeal(app.db, scope, id);
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    return found;
  };

  // ---- Vendor portal ----

  registerEndpoint(app, listPortalDeals, async (request, _reply, scope) => {
    return listDeals(app.db, scope, portalPeriod(request.query.month, context.timeZone), request.query.cursor);
  });

  registerEndpoint(app, getPortalDashboard, async (request, _reply, scope) => {
    return dealDashboard(app.readDb, scope, portalPeriod(request.query.month, context.timeZone));
  });

  registerEndpoint(app, submitDeal, async (_request, reply, scope, receive) => {
    const dealId = randomUUID();
    const result = await receive(`deals/${dealId}`, async ({ fields, files, unused }) => {
      const created = await createDeal(app.db, cipher, context, scope, dealId, fields.deal, files);
      if (!created.created) unused();
      return created;
    });
    return reply.status(result.created ? 201 : 200).send({ id: result.id, accountNumber: result.accountNumber });
  });

  registerEndpoint(app, getPortalDeal, async (request, _reply, scope) => {
    const found = await vendorDeal(scope, request.params.id);
    return portalDealDetail(app.db, found);
  });

  registerEndpoint(app, markPortalDealRead, async (request, _reply, scope) => {
    const found = await vendorDeal(scope, request.params.id);
    await markDealRead(app.db, found);
    return { ok: true as const };
  });

  registerEndpoint(app, getPortalUnread, async (request, _reply, scope) => {
    return { count: await unreadCount(app.db, scope) };
  });

  // Documents added after the deal was submitted: the new-deal upload's checks, audited, mailed.
  registerEndpoint(app, addPortalDealDocuments, async (request, reply, scope, receive) => {
    const found = await vendorDeal(scope, request.params.id);
    return receive(`deals/${found.id}`, async ({ files }) => {
      if (files.length === 0) throw new AppError("VALIDATION_FAILED", "Please choose at least one document.");
      const added = await addDealDocuments(app.db, context, scope, found, files, request.ip);
      return reply.status(201).send(added);
    });
  });

  registerEndpoint(app, listPortalDealMessages, async (request, _reply, scope) => {
    const found = await vendorDeal(scope, request.params.id);
    return dealThread(app.db, found.id);
  });

  registerEndpoint(app, postPortalDealMessage, async (request, reply, scope, receive) => {
    const found = await vendorDeal(scope, request.params.id);
    return receive(`deals/${found.id}`, async ({ fields, files }) => {
      const thread = await dealThread(app.db, found.id);
      const lastAuthor = thread.messages.at(-1)?.author ?? null;
      if (!canReply(found.stage, lastAuthor)) throw new AppError("CONFLICT", "This deal is waiting for the credit team's answer, or it is closed.");
      const message = await postMessage(app.db, context, {
        dealId: found.id,
        businessName: found.businessName,
        author: { userId: scope.userId, role: "vendor", email: scope.email },
        recipient: context.creditTeamEmail,
        body: fields.body,
        attachments: files,
        logicalFolder: `${scope.email}/${found.businessName}`,
      });
      return reply.status(201).send(message);
    });
  });

  registerEndpoint(app, downloadPortalDocument, async (request, reply, scope) => {
    const document = await findVendorDocument(app.db, scope, request.params.id);
    if (!document) throw new AppError("NOT_FOUND", "Not found.");
    await recordAudit(app.db, { action: "document.download", actorUserId: scope.userId, subject: document.id, ipAddress: request.ip });
    return sendDocument(reply, app.storage, document);
  });

  // ---- Back office ----

  registerEndpoint(app, listBackOfficeDeals, async (request) => {
    const { month } = request.query;
    const period = month === undefined ? undefined : { month: Number(month), year: monthAndYearInTimeZone(new Date(), context.timeZone).year };
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
        recipient: detail.deal.vendorEmail ?? (await companyUserEmails(app.db, detail.vendorCompanyId)),
        body: fields.body,
        attachments: files,
        logicalFolder: `${detail.deal.vendorEmail ?? "referred"}/${detail.deal.businessName}`,
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
      await recordAudit(app.db, { action: "document.download", actorUserId: user.id, subject: document.id, ipAddress: request.ip });
      return sendDocument(reply, app.storage, document);
    },
  );

  registerEndpoint(app, revealDealClientEndpoint, async (request, _reply, user) => {
    return { value: await revealDealClient(app.db, cipher, { id: user.id, ip: request.ip }, request.params.id, request.body.field) };
  });

  // Days from `from` 00:00 to the end of `to` in the business time zone; streamed in batches.
  registerEndpoint(app, exportDealsCsv, async (request, reply, user) => {
    const body = await dealsCsv(app.db, businessDaysToInstants(request.query, context.timeZone));
    await recordAudit(app.db, { action: "export.deals", actorUserId: user.id, details: request.query });
    return reply.header("content-type", "text/csv; charset=utf-8").header("content-disposition", `attachment; filename="deals-${request.query.from}-${request.query.to}.csv"`).send(body);
  });
};
