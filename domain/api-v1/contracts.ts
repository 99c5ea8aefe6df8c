import * as z from "zod/mini";
import { idempotencyKeyHeader } from "../api-keys/api-key-text.ts";
import { dealDocumentFiles, documentFile, newDealClientSchema } from "../deals/new-deal-schema.ts";
import { calculatorQuoteRequest, calculatorQuoteResponse } from "../pricing/quote-requests.ts";
import { dealCursor } from "../deals/deal-cursor.ts";
import { endpoint, errorStatus } from "../http/endpoint.ts";
import { stipFileMultipart, stipFilesAddedResponse, vendorStip } from "../stips/contracts.ts";
import {
  dashboardResponse,
  dealCreatedResponse,
  dealListResponse,
  dealMessagesResponse,
  documentsAddedResponse,
  documentsMultipart,
  idParams,
  messageBodySchema,
  messagePostedResponse,
  portalDealDetailResponse,
} from "../deals/portal-contracts.ts";

// The versioned API for dealers' own systems (docs/product-rules.md#r27-the-dealer-api), authenticated by a company's
// API key
// (`Authorization: Bearer kec_live_...`), never by a session cookie. What may change within v1:
// docs/dealer-api.md, "Versioning".

export const v1Prefix = "/api/v1/";

/** The one error shape of every refusal (the same as the rest of the API's). */
export const apiErrorResponse = z.object({
  code: z.enum(Object.keys(errorStatus) as [keyof typeof errorStatus, ...(keyof typeof errorStatus)[]]),
  message: z.string(),
  /** For VALIDATION_FAILED: the fields at fault. */
  details: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
  /** For a 5xx: quote it to us. */
  requestId: z.optional(z.string()),
});

/** Every create takes an `Idempotency-Key`: the same key and body answer the same, another body 409. */
export const idempotencyHeaders = z.looseObject({ "idempotency-key": idempotencyKeyHeader });

/** Submit New Deal's client information; the idempotency key comes from the header. */
export const v1DealRequest = z.omit(newDealClientSchema, { idempotencyKey: true });

export type V1DealRequest = z.input<typeof v1DealRequest>;

export const v1MessageRequest = z.object({ body: messageBodySchema });

const month = z.optional(z.string().check(z.regex(/^(all|[0-9]|1[01])$/, "month is 0-11 or all")));

export const v1DealListQuery = z.object({
  month,
  cursor: z.optional(dealCursor),
  limit: z.optional(z.string().check(z.regex(/^([1-9]|[1-9][0-9]|100)$/, "limit is 1-100"))),
  /** Only the deals of this user of the company (a key sees what its owner sees: a sales rep's, their own). */
  owner: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
});

const tags = ["v1"];
const keyErrors = ["UNAUTHENTICATED", "RATE_LIMITED"] as const;

export const v1ListDeals = endpoint({
  method: "GET",
  path: "/api/v1/deals",
  audience: "api-key",
  summary: "List the company's deals, most recently updated first (cursor pagination)",
  tags,
  query: v1DealListQuery,
  responses: { 200: dealListResponse },
  errors: [...keyErrors],
});

export const v1CreateDeal = endpoint({
  method: "POST",
  path: "/api/v1/deals",
  audience: "api-key",
  summary:
    "Create a deal: JSON (documents added after) or multipart (field `deal` as JSON, files `client-info`, `additional-1`, `additional-2`)",
  tags,
  headers: idempotencyHeaders,
  multipart: {
    what: "the deal",
    fields: z.object({ deal: v1DealRequest }),
    jsonFields: ["deal"],
    files: dealDocumentFiles,
    json: v1DealRequest,
  },
  responses: { 201: dealCreatedResponse },
  errors: [...keyErrors, "BAD_REQUEST", "CONFLICT", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE", "UNAVAILABLE"],
});

export const v1GetDeal = endpoint({
  method: "GET",
  path: "/api/v1/deals/:id",
  audience: "api-key",
  summary: "Read a deal: stage, notes and the history of its changes",
  tags,
  params: idParams,
  responses: { 200: portalDealDetailResponse },
  errors: [...keyErrors, "NOT_FOUND"],
});

export const v1AddDocuments = endpoint({
  method: "POST",
  path: "/api/v1/deals/:id/documents",
  audience: "api-key",
  summary: "Add documents to a deal (multipart: files `document`)",
  tags,
  params: idParams,
  headers: idempotencyHeaders,
  multipart: documentsMultipart,
  responses: { 201: documentsAddedResponse },
  errors: [...keyErrors, "NOT_FOUND", "BAD_REQUEST", "CONFLICT", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"],
});

export const v1ListMessages = endpoint({
  method: "GET",
  path: "/api/v1/deals/:id/messages",
  audience: "api-key",
  summary: "Read a deal's messages and documents",
  tags,
  params: idParams,
  responses: { 200: dealMessagesResponse },
  errors: [...keyErrors, "NOT_FOUND"],
});

export const v1PostMessage = endpoint({
  method: "POST",
  path: "/api/v1/deals/:id/messages",
  audience: "api-key",
  summary: "Write to the credit team about a deal: JSON `{ body }`, or multipart (`body`, files `attachment`)",
  tags,
  params: idParams,
  headers: idempotencyHeaders,
  multipart: {
    what: "the message",
    fields: v1MessageRequest,
    files: { attachment: documentFile },
    json: v1MessageRequest,
  },
  responses: { 201: messagePostedResponse },
  errors: [...keyErrors, "NOT_FOUND", "CONFLICT", "BAD_REQUEST", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"],
});

export const v1Dashboard = endpoint({
  method: "GET",
  path: "/api/v1/dashboard",
  audience: "api-key",
  summary: "The dashboard figures for a month (this month by default, or all)",
  tags,
  query: z.object({ month }),
  responses: { 200: dashboardResponse },
  errors: [...keyErrors],
});

export const v1Quote = endpoint({
  method: "POST",
  path: "/api/v1/quotes",
  audience: "api-key",
  summary: "A quote for a price: rate, down payment and monthly payments by term",
  tags,
  body: calculatorQuoteRequest,
  responses: { 200: calculatorQuoteResponse },
  errors: [...keyErrors],
});

export const v1ListStips = endpoint({
  method: "GET",
  path: "/api/v1/deals/:id/stips",
  audience: "api-key",
  summary: "A deal's stips: what the credit team needs before documents, who sends each, where each stands",
  tags,
  params: idParams,
  responses: { 200: z.object({ stips: z.array(vendorStip) }) },
  errors: [...keyErrors, "NOT_FOUND"],
});

export const v1SendStipFiles = endpoint({
  method: "POST",
  path: "/api/v1/deals/:id/stips/:stipId/files",
  audience: "api-key",
  summary: "Send the files for a stip (multipart: `note`, files `file`), checked like every upload",
  tags,
  params: z.object({ id: z.uuid(), stipId: z.uuid() }),
  headers: idempotencyHeaders,
  multipart: stipFileMultipart,
  responses: { 201: stipFilesAddedResponse },
  errors: [...keyErrors, "NOT_FOUND", "BAD_REQUEST", "CONFLICT", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"],
});

export const v1Endpoints = [
  v1ListDeals,
  v1CreateDeal,
  v1GetDeal,
  v1AddDocuments,
  v1ListStips,
  v1SendStipFiles,
  v1ListMessages,
  v1PostMessage,
  v1Dashboard,
  v1Quote,
] as const;
