import * as z from "zod/mini";
import { dateRange } from "../forms/date-range.ts";
import { calculatorFields } from "./kinds/calculator.ts";
import { creditApplicationFields, creditApplicationOwnerFields } from "./kinds/credit-application.ts";
import { footerMessageFields } from "./kinds/footer-message.ts";
import { pickedOptionFields } from "./kinds/picked-option.ts";
import { questionnaireFields } from "./kinds/questionnaire.ts";
import { vendorContactFields } from "./kinds/vendor-contact.ts";
import { leadHistoryFields } from "./lead-fields.ts";
import { leadStatuses, leadTypes } from "./lead-inbox.ts";
import { dealFromLeadTypes } from "../deals/direct-deals.ts";
import { endpoint } from "../http/endpoint.ts";
import { fromBeforeTo, listPage, listQueryFields } from "../http/list-page.ts";

export const leadSorts = ["created", "title"] as const;
export type LeadSort = (typeof leadSorts)[number];

/** An assignee filter: a staff user's id, or "none" for leads nobody has taken. */
export const UNASSIGNED = "none";

/**
 * The lead list's view (docs/product-rules.md#r46-back-office-lists), kept in the page's URL: search (name, business,
 * e-mail, phone),
 * kind, status, assignee, days received (business time zone), sort (newest first by default) and page.
 */
export const leadInboxQuery = z
  .object({
    ...listQueryFields,
    type: z.optional(z.enum(leadTypes)),
    status: z.optional(z.enum(leadStatuses)),
    assignee: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    sort: z.optional(z.enum(leadSorts)),
  })
  .check(fromBeforeTo);

export type LeadInboxQuery = z.infer<typeof leadInboxQuery>;

export const leadInboxItem = z.object({
  type: z.enum(leadTypes),
  id: z.string(),
  createdAt: z.string(),
  title: z.string(),
  contact: z.string(),
  status: z.enum(leadStatuses),
  assignee: z.nullable(z.string()),
  /** When the first call is due: the promise runs in the credit team's hours (`responseDueAt`). */
  dueAt: z.string(),
  overdue: z.boolean(),
});

export type LeadInboxItem = z.infer<typeof leadInboxItem>;

export const leadInboxResponse = z.object({ leads: z.array(leadInboxItem), page: listPage });

/** A lead is named by its kind (its table) and id. */
export const leadParams = z.object({ type: z.enum(leadTypes), id: z.uuid() });

/** The staff's note on a lead: plain text, replaced whole on each save. */
export const leadNotes = z.string().check(z.maxLength(5000, "Keep notes under 5,000 characters."));

/** Status, assignee and notes; each change is kept in the lead's history. */
export const leadUpdateRequest = z.object({
  status: z.optional(z.enum(leadStatuses)),
  assigneeUserId: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(64)))),
  notes: z.optional(leadNotes),
});

export type LeadUpdateRequest = z.infer<typeof leadUpdateRequest>;

/** Another lead connected to this one: the answer an option was picked from, or the same e-mail or phone lately. */
export const relatedLead = z.object({
  type: z.enum(leadTypes),
  id: z.string(),
  createdAt: z.string(),
  title: z.string(),
  relation: z.enum(["picked-from", "picked-option", "same-email", "same-phone"]),
});

export type RelatedLead = z.infer<typeof relatedLead>;

const leadWork = {
  id: z.string(),
  createdAt: z.string(),
  title: z.string(),
  status: z.enum(leadStatuses),
  assignee: z.nullable(z.object({ id: z.string(), email: z.string() })),
  notes: z.string(),
  history: z.array(
    z.object({ field: z.enum(leadHistoryFields), from: z.string(), to: z.string(), at: z.string(), actor: z.string() }),
  ),
  related: z.array(relatedLead),
  /** The lead came through a vendor company's link and became its deal (docs/product-rules.md#r23-referred-customers-belong-to-the-company). */
  referral: z.nullable(z.object({ companyName: z.string(), dealId: z.string(), text: z.string() })),
  /** The deal staff opened from this lead (no vendor: a direct deal), or null (docs/product-rules.md#r12-stages). */
  directDeal: z.nullable(z.object({ id: z.string(), accountNumber: z.string() })),
};

/** Estimated payments by term ("24", "36", ..., and "desired" for the questionnaire), as stored with the lead. */
const storedPayments = z.record(z.string(), z.number());

/** One lead of any kind with every field it has (never an SSN, tax id or date of birth in clear). */
export const leadDetail = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("questionnaire"),
    ...leadWork,
    fields: questionnaireFields.schema,
    payments: z.nullable(storedPayments),
  }),
  z.object({ type: z.literal("picked-option"), ...leadWork, fields: pickedOptionFields.schema }),
  z.object({ type: z.literal("calculator"), ...leadWork, fields: calculatorFields.schema, payments: storedPayments }),
  z.object({ type: z.literal("footer-message"), ...leadWork, fields: footerMessageFields.schema }),
  z.object({ type: z.literal("vendor-contact"), ...leadWork, fields: vendorContactFields.schema }),
  z.object({
    type: z.literal("credit-application"),
    ...leadWork,
    fields: creditApplicationFields.schema,
    owners: z.array(z.object({ position: z.number(), ...creditApplicationOwnerFields.schema.shape })),
  }),
]);

export type LeadDetail = z.infer<typeof leadDetail>;

/** A lead staff may open a deal from: a credit application or a calculator lead. */
export const dealFromLeadParams = z.object({ type: z.enum(dealFromLeadTypes), id: z.uuid() });

export const dealFromLeadResponse = z.object({
  dealId: z.string(),
  accountNumber: z.string(),
  /** False when the lead already had its deal (a second click, or a lead referred through a vendor's link). */
  created: z.boolean(),
});

export type DealFromLeadResult = z.infer<typeof dealFromLeadResponse>;

export const creditApplicationParams = z.object({ id: z.uuid() });

export const creditApplicationDetail = z.object({
  id: z.string(),
  businessName: z.string(),
  fedIdMasked: z.nullable(z.string()),
  business: z.record(z.string(), z.string()),
  owners: z.array(
    z.object({
      position: z.number(),
      name: z.string(),
      title: z.string(),
      ownershipPercent: z.number(),
      ssnMasked: z.string(),
      homeEmail: z.string(),
      homePhone: z.string(),
    }),
  ),
});

export type CreditApplicationDetail = z.infer<typeof creditApplicationDetail>;

export const sensitiveFields = ["ssn1", "ssn2", "fedId"] as const;
export type SensitiveField = (typeof sensitiveFields)[number];

export const revealRequest = z.object({ field: z.enum(sensitiveFields) });

export const revealedValue = z.object({ value: z.string() });

export const listLeads = endpoint({
  method: "GET",
  path: "/api/back-office/leads",
  audience: "staff",
  summary: "Lead inbox: search, filters, sort, keyset pages and a capped total",
  tags: ["back office"],
  query: leadInboxQuery,
  responses: { 200: leadInboxResponse },
  errors: ["FORBIDDEN"],
});

export const updateLead = endpoint({
  method: "PATCH",
  path: "/api/back-office/leads/:type/:id",
  audience: "staff",
  summary: "Set a lead's status, assignee or notes (each change kept in its history)",
  tags: ["back office"],
  params: leadParams,
  body: leadUpdateRequest,
  responses: { 200: z.object({ ok: z.literal(true) }) },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const getLead = endpoint({
  method: "GET",
  path: "/api/back-office/leads/:type/:id",
  audience: "staff",
  summary: "One lead with every field, its status, assignee, notes, history and related leads",
  tags: ["back office"],
  params: leadParams,
  responses: { 200: leadDetail },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const openDealFromLead = endpoint({
  method: "POST",
  path: "/api/back-office/leads/:type/:id/deal",
  audience: "staff",
  summary:
    "Open a deal from a credit application or calculator lead, its data carried over (audited); a lead has one deal, so a second call answers the same",
  tags: ["back office"],
  params: dealFromLeadParams,
  responses: { 200: dealFromLeadResponse },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const getCreditApplication = endpoint({
  method: "GET",
  path: "/api/back-office/credit-applications/:id",
  audience: "staff",
  summary: "A credit application, sensitive numbers masked",
  tags: ["back office"],
  params: creditApplicationParams,
  responses: { 200: creditApplicationDetail },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const revealCreditApplicationNumber = endpoint({
  method: "POST",
  path: "/api/back-office/credit-applications/:id/reveal",
  audience: "staff",
  freshFactor: true,
  summary: "Reveal an SSN or tax id (audited)",
  tags: ["back office"],
  params: creditApplicationParams,
  body: revealRequest,
  responses: { 200: revealedValue },
  errors: ["FORBIDDEN", "REAUTHENTICATION_REQUIRED", "NOT_FOUND"],
});

/** Days from `from` 00:00 to the end of `to` in the business time zone. */
export const exportLeadsCsv = endpoint({
  method: "GET",
  path: "/api/back-office/export/leads.csv",
  audience: "staff",
  freshFactor: true,
  summary: "Leads of a date range (business time zone), as CSV (no SSN, tax id or date of birth)",
  tags: ["back office"],
  query: dateRange,
  responses: {},
  download: true,
  errors: ["FORBIDDEN", "REAUTHENTICATION_REQUIRED"],
});
