import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
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
import { canReply } from "#domain/deals/stages.ts";
import { AppError } from "../shared/errors.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import type { LeadContext } from "../shared/request-context.ts";
import { createDeal } from "./create-deal.ts";
import { dealDashboard } from "./deal-dashboard.ts";
import { portalPeriod } from "./deal-period.ts";
import { dealThread } from "./deal-thread.ts";
import { findDeal } from "./find-deal.ts";
import { findVendorDocument } from "./find-document.ts";
import { listDeals } from "./list-deals.ts";
import { addDealDocuments, markDealRead, portalDealDetail, unreadCount } from "./portal-deal-page.ts";
import { postMessage } from "./post-message.ts";
import { sendDocument } from "./send-document.ts";
import type { VendorScope } from "../shared/vendor-scope.ts";

/** Deals in the vendor portal (`/api/portal/*`): the session's company only (ADR 0009). */
export const portalDealRoutes: FastifyPluginAsyncZod<{
  context: LeadContext & { timeZone: string };
  cipher: FieldCipher;
}> = async (app, { context, cipher }) => {
  // A deal of the session's vendor company, or 404 (another company's deal id included; ADR 0009).
  const vendorDeal = async (scope: VendorScope, id: string) => {
    const found = await findDeal(app.db, scope, id);
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    return found;
  };

  registerEndpoint(app, listPortalDeals, async (request, _reply, scope) => {
    const { month, cursor, owner } = request.query;
    return listDeals(app.db, scope, portalPeriod(month, context.timeZone), cursor, 50, owner);
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
      if (!canReply(found.stage, lastAuthor))
        throw new AppError("CONFLICT", "This deal is waiting for the credit team's answer, or it is closed.");
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
    await recordAudit(app.db, {
      action: "document.download",
      actorUserId: scope.userId,
      subject: document.id,
      ipAddress: request.ip,
    });
    return sendDocument(reply, app.storage, document);
  });
};
