import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  exportLeadsCsv,
  getCreditApplication,
  getLead,
  listLeads,
  openDealFromLead as openDealFromLeadEndpoint,
  revealCreditApplicationNumber,
  updateLead as updateLeadEndpoint,
} from "#domain/leads/back-office-contracts.ts";
import { businessDaysToInstants } from "#domain/site/business-day.ts";
import { AppError } from "../shared/errors.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { leadsCsv } from "./export-leads-csv.ts";
import { creditApplicationForStaff } from "./get-credit-application.ts";
import { leadDetailForStaff } from "./get-lead-detail.ts";
import { leadInbox } from "./list-lead-inbox.ts";
import { openDealFromLead } from "./open-deal-from-lead.ts";
import { revealSensitive } from "./reveal-credit-application-number.ts";
import { updateLead } from "./update-lead.ts";
import { indexArrivedLeadsBeforeEachRequest } from "../response-times/index-arrived-leads.ts";

type BackOfficeLeadOptions = {
  cipher: FieldCipher;
  /** The callback time the site promises: a new lead older than this is overdue in the inbox. */
  promisedMinutes: number;
  /** The brand's business time zone: export days are cut there. */
  timeZone: string;
};

/** The credit team's leads (`/api/back-office/*`): the inbox, a lead's page and handling, credit applications, reveals and the export. */
export const backOfficeLeadRoutes: FastifyPluginAsyncZod<BackOfficeLeadOptions> = async (
  app,
  { cipher, promisedMinutes, timeZone },
) => {
  indexArrivedLeadsBeforeEachRequest(app);
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

  registerEndpoint(app, openDealFromLeadEndpoint, async (request, _reply, user) => {
    return openDealFromLead(app.db, { timeZone }, { id: user.id }, request.params.type, request.params.id);
  });

  registerEndpoint(app, getCreditApplication, async (request) => {
    const found = await creditApplicationForStaff(app.db, request.params.id);
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    return found;
  });

  registerEndpoint(app, revealCreditApplicationNumber, async (request, _reply, user) => {
    return {
      value: await revealSensitive(
        app.db,
        cipher,
        { id: user.id, ip: request.ip },
        request.params.id,
        request.body.field,
      ),
    };
  });

  // Days from `from` 00:00 to the end of `to` in the business time zone; streamed in batches.
  registerEndpoint(app, exportLeadsCsv, async (request, reply, user) => {
    const body = await leadsCsv(app.db, businessDaysToInstants(request.query, timeZone));
    await recordAudit(app.db, { action: "export.leads", actorUserId: user.id, details: request.query });
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="leads-${request.query.from}-${request.query.to}.csv"`)
      .send(body);
  });
};
