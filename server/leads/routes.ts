import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { exportLeadsCsv, getCreditApplication, getLead, listLeads, revealCreditApplicationNumber, updateLead as updateLeadEndpoint } from "#domain/leads/back-office-contracts.ts";
import { resumeCreditApplicationDraft as resumeDraftEndpoint, saveCreditApplicationDraft as saveDraftEndpoint } from "#domain/leads/draft-contracts.ts";
import { sendFooterMessage, sendVendorContact, submitCreditApplication } from "#domain/leads/contracts.ts";
import { businessDaysToInstants } from "#domain/site/business-day.ts";
import { AppError } from "../shared/errors.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { createCreditApplication, type MarkQuoteApplied } from "./create-credit-application.ts";
import { createFooterMessage } from "./create-footer-message.ts";
import { createVendorContact } from "./create-vendor-contact.ts";
import { leadsCsv } from "./export-leads-csv.ts";
import { creditApplicationForStaff } from "./get-credit-application.ts";
import { leadDetailForStaff } from "./get-lead-detail.ts";
import { leadInbox } from "./list-lead-inbox.ts";
import { resumeCreditApplicationDraft } from "./resume-credit-application-draft.ts";
import { revealSensitive } from "./reveal-credit-application-number.ts";
import { saveCreditApplicationDraft } from "./save-credit-application-draft.ts";
import type { LeadContext } from "../shared/request-context.ts";
import { updateLead } from "./update-lead.ts";

type LeadRouteOptions = {
  context: LeadContext;
  cipher: FieldCipher;
  /** The callback time the site promises: a new lead older than this is overdue in the inbox. */
  promisedMinutes: number;
  /** The brand's business time zone: export days are cut there. */
  timeZone: string;
  /** quotes/open-quote-link.ts's: an application sent from a quote link marks its quote applied. */
  markQuoteApplied: MarkQuoteApplied;
};

/** The public forms that store a lead, and the staff's lead inbox, credit applications, reveals and lead export. */
export const leadRoutes: FastifyPluginAsyncZod<LeadRouteOptions> = async (app, { context, cipher, promisedMinutes, timeZone, markQuoteApplied }) => {
  // Public: each form has its own per-address limit.
  const publicForm = { config: { rateLimit: context.rateLimit } };
  const created = (reply: FastifyReply, result: { id: string; created: boolean }) => {
    reply.status(result.created ? 201 : 200);
    return { id: result.id };
  };

  registerEndpoint(app, sendFooterMessage, async (request, reply) => created(reply, await createFooterMessage(app.db, context, request.body)), publicForm);
  registerEndpoint(app, sendVendorContact, async (request, reply) => created(reply, await createVendorContact(app.db, context, request.body)), publicForm);
  registerEndpoint(
    app,
    submitCreditApplication,
    async (request, reply) => created(reply, await createCreditApplication(app.db, cipher, { ...context, timeZone, markQuoteApplied }, request.body)),
    publicForm,
  );

  // "Save and finish later" (docs/product-rules.md#r6-save-and-finish-later): the per-address limit of the forms, and a per-e-mail one inside.
  registerEndpoint(
    app,
    saveDraftEndpoint,
    async (request, reply) => {
      const saved = await saveCreditApplicationDraft(app.db, cipher, context, request.body);
      reply.status(201);
      return saved;
    },
    publicForm,
  );
  registerEndpoint(app, resumeDraftEndpoint, async (request) => resumeCreditApplicationDraft(app.db, cipher, request.body.token), publicForm);

  registerEndpoint(app, listLeads, async (request) => {
    return leadInbox(app.db, request.query, new Date(), promisedMinutes, timeZone);
  });

  registerEndpoint(app, updateLeadEndpoint, async (request, _reply, user) => {
    await updateLead(app.db, { id: user.id }, request.params.type, request.params.id, request.body);
    return { ok: true as const };
  });

  registerEndpoint(app, getLead, async (request) => {
    const found = await leadDetailForStaff(app.db, request.params.type, request.params.id);
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    return found;
  });

  registerEndpoint(app, getCreditApplication, async (request) => {
    const found = await creditApplicationForStaff(app.db, request.params.id);
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    return found;
  });

  registerEndpoint(app, revealCreditApplicationNumber, async (request, _reply, user) => {
    return { value: await revealSensitive(app.db, cipher, { id: user.id, ip: request.ip }, request.params.id, request.body.field) };
  });

  // Days from `from` 00:00 to the end of `to` in the business time zone; streamed in batches.
  registerEndpoint(app, exportLeadsCsv, async (request, reply, user) => {
    const body = await leadsCsv(app.db, businessDaysToInstants(request.query, timeZone));
    await recordAudit(app.db, { action: "export.leads", actorUserId: user.id, details: request.query });
    return reply.header("content-type", "text/csv; charset=utf-8").header("content-disposition", `attachment; filename="leads-${request.query.from}-${request.query.to}.csv"`).send(body);
  });
};
