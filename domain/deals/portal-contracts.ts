import * as z from "zod/mini";
import { vendorVisibleDealFields } from "./deal-changes.ts";
import { dealCursor } from "./deal-cursor.ts";
import { endpoint } from "../http/endpoint.ts";
import { dealDocumentFiles, documentFile, newDealClientSchema } from "./new-deal-schema.ts";

/** A deal or document id in a path. */
export const idParams = z.object({ id: z.uuid() });

export const monthQuery = z.object({
  month: z.optional(z.string().check(z.regex(/^(all|[0-9]|1[01])$/, "month is 0-11 or all"))),
  cursor: z.optional(dealCursor),
  /** Only the deals this user of the company owns (a dealer admin's filter; a sales rep sees only their own anyway). */
  owner: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
});

export const portalDeal = z.object({
  id: z.string(),
  accountNumber: z.string(),
  businessName: z.string(),
  ownersName: z.string(),
  stage: z.number(),
  notes: z.string(),
  costOfEquipment: z.number(),
  downPayment: z.number(),
  /** Set by the credit team; null until then. */
  approvedAmount: z.nullable(z.number()),
  description: z.string(),
  lastUpdate: z.string(),
  lastMessageAuthor: z.nullable(z.enum(["vendor", "staff"])),
  vendorHasWritten: z.boolean(),
  /** The credit team wrote last and the company has not opened the deal since. */
  unread: z.boolean(),
  /** A customer started it through the company's link (docs/product-rules.md#r23-referred-customers-belong-to-the-company). */
  referred: z.boolean(),
  /** The user of the company it belongs to (docs/product-rules.md#r53-a-dealers-team); null: the company's alone. */
  owner: z.nullable(z.object({ id: z.string(), name: z.string(), active: z.boolean() })),
});

export type PortalDeal = z.infer<typeof portalDeal>;

export const dealListResponse = z.object({ deals: z.array(portalDeal), nextCursor: z.nullable(z.string()) });

export type PortalDealList = z.infer<typeof dealListResponse>;

export const dashboardResponse = z.object({
  applications: z.number(),
  approved: z.object({ count: z.number(), total: z.number() }),
  funded: z.object({ count: z.number(), total: z.number() }),
  /** Share of all listed deals per credit tier (deal score 1-3), in percent. */
  tiers: z.object({ 1: z.number(), 2: z.number(), 3: z.number() }),
});

export type Dashboard = z.infer<typeof dashboardResponse>;

/** A deal's thread and documents: the same answer for the vendor and the credit team. */
export const dealMessagesResponse = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      author: z.enum(["vendor", "staff"]),
      body: z.string(),
      createdAt: z.string(),
      attachments: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
  documents: z.array(z.object({ id: z.string(), name: z.string(), slot: z.string() })),
});

export type DealMessages = z.infer<typeof dealMessagesResponse>;

export const dealCreatedResponse = z.object({ id: z.string(), accountNumber: z.string() });

/** The `body` field of a multipart message (vendor or credit team). */
export const messageBodySchema = z
  .string()
  .check(z.trim(), z.minLength(1, "Please write a message."), z.maxLength(5000, "Please use at most 5000 characters."));

/**
 * The text of a message form (vendor or credit team): its `body`, validated before the multipart
 * request is sent and again by the server; a form without the field is an empty message.
 */
export const messageForm = z.object({ body: z.prefault(messageBodySchema, "") });

/** A message of the portal or the back office: its text, then its attachments. */
export const messageMultipart = { what: "the message", fields: messageForm, files: { attachment: documentFile } };

export const messagePostedResponse = z.object({ id: z.string() });

export const listPortalDeals = endpoint({
  method: "GET",
  path: "/api/portal/deals",
  audience: "vendor",
  summary: "The company's deals for a month (or all)",
  tags: ["portal"],
  query: monthQuery,
  responses: { 200: dealListResponse },
  errors: ["FORBIDDEN"],
});

export const getPortalDashboard = endpoint({
  method: "GET",
  path: "/api/portal/dashboard",
  audience: "vendor",
  summary: "Dashboard counts and totals",
  tags: ["portal"],
  query: monthQuery,
  responses: { 200: dashboardResponse },
  errors: ["FORBIDDEN"],
});

/** 201 for a new deal, 200 when the idempotency key names one already submitted. */
export const submitDeal = endpoint({
  method: "POST",
  path: "/api/portal/deals",
  audience: "vendor",
  summary: "Submit New Deal (multipart: field `deal` as JSON, files in slots)",
  tags: ["portal"],
  multipart: {
    what: "the deal",
    fields: z.object({ deal: newDealClientSchema }),
    jsonFields: ["deal"],
    files: dealDocumentFiles,
  },
  responses: { 200: dealCreatedResponse, 201: dealCreatedResponse },
  errors: ["FORBIDDEN", "BAD_REQUEST", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE", "UNAVAILABLE"],
});

export const listPortalDealMessages = endpoint({
  method: "GET",
  path: "/api/portal/deals/:id/messages",
  audience: "vendor",
  summary: "A deal's message thread and documents",
  tags: ["portal"],
  params: idParams,
  responses: { 200: dealMessagesResponse },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const postPortalDealMessage = endpoint({
  method: "POST",
  path: "/api/portal/deals/:id/messages",
  audience: "vendor",
  summary: "Write to the credit team about a deal (multipart: `body`, files `attachment`)",
  tags: ["portal"],
  params: idParams,
  multipart: messageMultipart,
  responses: { 201: messagePostedResponse },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT", "BAD_REQUEST", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"],
});

export const downloadPortalDocument = endpoint({
  method: "GET",
  path: "/api/portal/documents/:id",
  audience: "vendor",
  summary: "Download a document (as an attachment)",
  tags: ["portal"],
  params: idParams,
  responses: {},
  download: true,
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

/** The deal fields whose changes a vendor sees in its history (no staff, no ECOA dates): the ones mailed to it (docs/product-rules.md#r13-changes-are-kept-and-mailed). */
export const vendorHistoryFields = vendorVisibleDealFields;

/** One deal as the vendor sees it: the portal's deal page, GET /api/v1/deals/{id} and the deal webhook events' `data`. */
export const vendorDeal = z.object({
  id: z.string(),
  accountNumber: z.string(),
  businessName: z.string(),
  ownersName: z.string(),
  stage: z.number(),
  notes: z.string(),
  dealScore: z.number(),
  costOfEquipment: z.number(),
  downPayment: z.number(),
  description: z.string(),
  submittedAt: z.string(),
  lastUpdate: z.string(),
  /** A customer started it through the company's link (docs/product-rules.md#r23-referred-customers-belong-to-the-company). */
  referred: z.boolean(),
});

export type VendorDeal = z.infer<typeof vendorDeal>;

export const portalDealDetailResponse = z.object({
  deal: vendorDeal,
  /** The changes a vendor may see: field, from -> to, when; never who. */
  history: z.array(z.object({ field: z.enum(vendorHistoryFields), from: z.string(), to: z.string(), at: z.string() })),
});

export type PortalDealDetail = z.infer<typeof portalDealDetailResponse>;

export const getPortalDeal = endpoint({
  method: "GET",
  path: "/api/portal/deals/:id",
  audience: "vendor",
  summary: "One of the company's deals with its stage history",
  tags: ["portal"],
  params: idParams,
  responses: { 200: portalDealDetailResponse },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const okResponse = z.object({ ok: z.literal(true) });

export const markPortalDealRead = endpoint({
  method: "POST",
  path: "/api/portal/deals/:id/read",
  audience: "vendor",
  summary: "The company has opened the deal: its unread marker goes",
  tags: ["portal"],
  params: idParams,
  responses: { 200: okResponse },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const portalUnreadResponse = z.object({ count: z.number() });

export const getPortalUnread = endpoint({
  method: "GET",
  path: "/api/portal/unread",
  audience: "vendor",
  summary: "How many of the company's deals have an answer not yet opened",
  tags: ["portal"],
  responses: { 200: portalUnreadResponse },
  errors: ["FORBIDDEN"],
});

export const documentsAddedResponse = z.object({ ids: z.array(z.string()) });

/** Documents added to a deal after it was submitted: files only. */
export const documentsMultipart = {
  what: "the documents",
  fields: z.object({}),
  files: { document: { ...documentFile, required: "Please choose at least one document." } },
};

export const addPortalDealDocuments = endpoint({
  method: "POST",
  path: "/api/portal/deals/:id/documents",
  audience: "vendor",
  summary: "Add documents to a deal (multipart: files `document`)",
  tags: ["portal"],
  params: idParams,
  multipart: documentsMultipart,
  responses: { 201: documentsAddedResponse },
  errors: ["FORBIDDEN", "NOT_FOUND", "BAD_REQUEST", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"],
});
