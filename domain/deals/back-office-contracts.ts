import * as z from "zod/mini";
import { stageValues } from "./stages.ts";
import { fromLeadTypes } from "./direct-deals.ts";
import { calendarDay, dateRange } from "../forms/date-range.ts";
import { endpoint } from "../http/endpoint.ts";
import { fromBeforeTo, listPage, listQueryFields } from "../http/list-page.ts";
import { dealMessagesResponse, idParams, messageMultipart, messagePostedResponse } from "./portal-contracts.ts";

/** The vendor filter's value for direct deals (no vendor company). */
export const DIRECT_COMPANY = "direct";

export const dealSorts = ["updated", "created", "business"] as const;
export type DealSort = (typeof dealSorts)[number];

/**
 * The back-office deal list's view (docs/product-rules.md#r46-back-office-lists), kept in the page's URL: search
 * (account number,
 * business, owner, e-mail, phone, vendor company, "Direct"), stage, vendor ("direct": the deals without one),
 * month, waiting, days submitted (business time zone), sort (last update first by default) and page.
 */
export const backOfficeDealQuery = z
  .object({
    ...listQueryFields,
    stage: z.optional(z.string().check(z.regex(/^\d$/))),
    company: z.optional(z.union([z.uuid(), z.literal(DIRECT_COMPANY)])),
    month: z.optional(z.string().check(z.regex(/^([0-9]|1[01])$/, "month is 0-11"))),
    /** "1": only deals whose vendor wrote last (waiting for the credit team). */
    waiting: z.optional(z.literal("1")),
    sort: z.optional(z.enum(dealSorts)),
  })
  .check(fromBeforeTo);

export type BackOfficeDealQuery = z.infer<typeof backOfficeDealQuery>;

export const backOfficeDeal = z.object({
  id: z.string(),
  accountNumber: z.string(),
  /** The vendor company's name, or "Direct" for a deal without one (domain/deals/direct-deals.ts). */
  companyName: z.string(),
  businessName: z.string(),
  ownersName: z.string(),
  stage: z.number(),
  notes: z.string(),
  dealScore: z.number(),
  costOfEquipment: z.number(),
  downPayment: z.number(),
  /** Set by the credit team; null until then. */
  approvedAmount: z.nullable(z.number()),
  lastUpdate: z.string(),
  /** The deal's last message is the vendor's: it waits for the credit team. */
  vendorWroteLast: z.boolean(),
});

export type BackOfficeDeal = z.infer<typeof backOfficeDeal>;

export const backOfficeDealList = z.object({ deals: z.array(backOfficeDeal), page: listPage });

export const dealHistoryEntry = z.object({
  field: z.string(),
  from: z.string(),
  to: z.string(),
  at: z.string(),
  actor: z.string(),
});

export const backOfficeDealDetail = z.object({
  deal: z.extend(backOfficeDeal, {
    businessPhone: z.string(),
    businessEmail: z.string(),
    description: z.string(),
    /** Who submitted it; null for a deal referred through the company's link (docs/product-rules.md#r23-referred-customers-belong-to-the-company). */
    vendorEmail: z.nullable(z.string()),
    /** "Referred through <company>'s link" for a referred deal, else null (docs/product-rules.md#r23-referred-customers-belong-to-the-company). */
    referredThrough: z.nullable(z.string()),
    /** Opened by staff from a lead that came directly: no vendor, so no thread with one. */
    direct: z.boolean(),
    /** The lead a referred or direct deal came from ("From lead ..." on its page), else null. */
    fromLead: z.nullable(z.object({ type: z.enum(fromLeadTypes), id: z.string() })),
    declinedReceivedOn: z.nullable(z.string()),
    declinedCompletedOn: z.nullable(z.string()),
    declinedNoticeSentOn: z.nullable(z.string()),
  }),
  client: z.nullable(
    z.object({
      customerNumber: z.number(),
      firstName: z.string(),
      lastName: z.string(),
      taxIdMasked: z.nullable(z.string()),
      hasDateOfBirth: z.boolean(),
    }),
  ),
  history: z.array(dealHistoryEntry),
});

export type BackOfficeDealDetail = z.infer<typeof backOfficeDealDetail>;

const optionalDate = z.optional(z.nullable(calendarDay("Use a date.")));
const amount = z
  .number({ error: "Enter an amount of 0 or more." })
  .check(z.minimum(0, "Enter an amount of 0 or more."), z.maximum(999_999_999_999, "That amount is too large."));

/** What staff may change on a deal (docs/product-rules.md#r12-stages); every change is kept in its history. */
export const dealUpdateRequest = z.object({
  stage: z.optional(z.literal(stageValues)),
  notes: z.optional(z.string().check(z.trim(), z.minLength(1, "Please write a note."), z.maxLength(500))),
  dealScore: z.optional(z.int().check(z.minimum(0), z.maximum(3))),
  costOfEquipment: z.optional(amount),
  downPayment: z.optional(amount),
  /** null clears it. */
  approvedAmount: z.optional(z.nullable(amount)),
  /** ECOA adverse-action timeline for declined deals. */
  declinedReceivedOn: optionalDate,
  declinedCompletedOn: optionalDate,
  declinedNoticeSentOn: optionalDate,
});

export type DealUpdate = z.infer<typeof dealUpdateRequest>;

/** The deal form's fields, as typed (every one a string). */
export type DealUpdateFormValues = {
  stage: string;
  notes: string;
  dealScore: string;
  costOfEquipment: string;
  downPayment: string;
  approvedAmount: string;
  declinedReceivedOn: string;
  declinedCompletedOn: string;
  declinedNoticeSentOn: string;
};

/** A typed amount; an empty field is no amount (refused), not 0. */
const typedNumber = (text: string) => (text.trim() === "" ? null : Number(text));

/**
 * The back-office deal form checked by the PATCH's own schema: the typed strings become the
 * request (the adverse-action dates only for a declined deal), then `dealUpdateRequest` parses it,
 * so each issue's path names the form field.
 */
export const dealUpdateForm = z.pipe(
  z.transform((values: DealUpdateFormValues): unknown => {
    const declined = values.stage === "0";
    return {
      stage: Number(values.stage),
      notes: values.notes,
      dealScore: Number(values.dealScore),
      costOfEquipment: typedNumber(values.costOfEquipment),
      downPayment: typedNumber(values.downPayment),
      approvedAmount: typedNumber(values.approvedAmount),
      ...(declined
        ? {
            declinedReceivedOn: values.declinedReceivedOn || null,
            declinedCompletedOn: values.declinedCompletedOn || null,
            declinedNoticeSentOn: values.declinedNoticeSentOn || null,
          }
        : {}),
    };
  }),
  dealUpdateRequest,
);

export const revealDealClientRequest = z.object({ field: z.enum(["taxId", "dob"]) });

export type RevealDealClientField = z.infer<typeof revealDealClientRequest>["field"];

export const listBackOfficeDeals = endpoint({
  method: "GET",
  path: "/api/back-office/deals",
  audience: "staff",
  summary: "All vendors' deals: search, filters, sort, keyset pages and a capped total",
  tags: ["back office"],
  query: backOfficeDealQuery,
  responses: { 200: backOfficeDealList },
  errors: ["FORBIDDEN", "TWO_FACTOR_REQUIRED"],
});

export const getBackOfficeDeal = endpoint({
  method: "GET",
  path: "/api/back-office/deals/:id",
  audience: "staff",
  summary: "One deal with client, history",
  tags: ["back office"],
  params: idParams,
  responses: { 200: backOfficeDealDetail },
  errors: ["FORBIDDEN", "TWO_FACTOR_REQUIRED", "NOT_FOUND"],
});

export const updateBackOfficeDeal = endpoint({
  method: "PATCH",
  path: "/api/back-office/deals/:id",
  audience: "staff",
  summary: "Change stage, notes, score, cost, down payment, approved amount (the vendor is mailed what changed)",
  tags: ["back office"],
  params: idParams,
  body: dealUpdateRequest,
  responses: { 200: z.object({ changed: z.array(z.string()) }) },
  errors: ["FORBIDDEN", "TWO_FACTOR_REQUIRED", "NOT_FOUND"],
});

export const listBackOfficeDealMessages = endpoint({
  method: "GET",
  path: "/api/back-office/deals/:id/messages",
  audience: "staff",
  summary: "A deal's thread and documents",
  tags: ["back office"],
  params: idParams,
  responses: { 200: dealMessagesResponse },
  errors: ["FORBIDDEN", "TWO_FACTOR_REQUIRED", "NOT_FOUND"],
});

export const postBackOfficeDealMessage = endpoint({
  method: "POST",
  path: "/api/back-office/deals/:id/messages",
  audience: "staff",
  summary: "Answer the vendor (multipart: `body`, files `attachment`)",
  tags: ["back office"],
  params: idParams,
  multipart: messageMultipart,
  responses: { 201: messagePostedResponse },
  errors: [
    "FORBIDDEN",
    "TWO_FACTOR_REQUIRED",
    "NOT_FOUND",
    "BAD_REQUEST",
    "UNSUPPORTED_MEDIA_TYPE",
    "PAYLOAD_TOO_LARGE",
  ],
});

export const downloadBackOfficeDocument = endpoint({
  method: "GET",
  path: "/api/back-office/documents/:id",
  audience: "staff",
  freshFactor: true,
  summary: "Download a document (a factor proved within the last minutes, as a reveal; audited)",
  tags: ["back office"],
  params: idParams,
  responses: {},
  download: true,
  errors: ["FORBIDDEN", "TWO_FACTOR_REQUIRED", "REAUTHENTICATION_REQUIRED", "NOT_FOUND"],
});

export const revealDealClient = endpoint({
  method: "POST",
  path: "/api/back-office/deals/:id/reveal",
  audience: "staff",
  freshFactor: true,
  summary: "Reveal a deal client's tax id or date of birth (audited)",
  tags: ["back office"],
  params: idParams,
  body: revealDealClientRequest,
  responses: { 200: z.object({ value: z.string() }) },
  errors: ["FORBIDDEN", "TWO_FACTOR_REQUIRED", "REAUTHENTICATION_REQUIRED", "NOT_FOUND"],
});

/** Days from `from` 00:00 to the end of `to` in the business time zone. */
export const exportDealsCsv = endpoint({
  method: "GET",
  path: "/api/back-office/export/deals.csv",
  audience: "staff",
  freshFactor: true,
  summary: "Deals created in a date range (business time zone), as CSV",
  tags: ["back office"],
  query: dateRange,
  responses: {},
  download: true,
  errors: ["FORBIDDEN", "TWO_FACTOR_REQUIRED", "REAUTHENTICATION_REQUIRED"],
});
