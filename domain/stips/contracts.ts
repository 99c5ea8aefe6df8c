import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";
import { documentFile } from "../deals/new-deal-schema.ts";
import { stipSatisfierValues, stipStatusValues } from "./stip-rules.ts";

// A deal's stipulations (docs/product-rules.md#r55-stipulations): the credit team requests and
// reviews them; the dealer (portal and API) and the applicant send their files.

/** A stip as the dealer and the API see it: what to send, who sends it, where it stands, a rejection's reason. */
export const vendorStip = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  satisfiedBy: z.enum(stipSatisfierValues),
  status: z.enum(stipStatusValues),
  /** Why it was rejected (or waived); empty otherwise. */
  reason: z.string(),
  receivedAt: z.nullable(z.string()),
  files: z.array(z.object({ id: z.string(), name: z.string(), uploadedAt: z.string() })),
});

export type VendorStip = z.infer<typeof vendorStip>;

export const stipStep = z.object({
  status: z.enum(stipStatusValues),
  /** "Credit team: ana@…", "Dealer: rep@…", "Applicant". */
  by: z.string(),
  note: z.string(),
  at: z.string(),
});

/** A stip as the credit team sees it: the dealer's view and every step with who and when. */
export const staffStip = z.extend(vendorStip, { steps: z.array(stipStep) });

export type StaffStip = z.infer<typeof staffStip>;

export const dealStipsResponse = z.object({
  stips: z.array(staffStip),
  /** Every stip accepted or waived: the deal is ready for documents. */
  readyForDocuments: z.boolean(),
  /** The active catalog, each marked when its default rule picks it for this deal. */
  catalog: z.array(
    z.object({ id: z.string(), name: z.string(), satisfiedBy: z.enum(stipSatisfierValues), suggested: z.boolean() }),
  ),
});

export type DealStips = z.infer<typeof dealStipsResponse>;

/** Staff request stips: some of the catalog, and one in their own words. */
export const requestStipsInput = z
  .object({
    kinds: z.array(z.uuid()).check(z.maxLength(50, "Choose at most 50 stips.")),
    name: z.string().check(z.trim(), z.maxLength(200, "Please use at most 200 characters.")),
    description: z.string().check(z.trim(), z.maxLength(1000, "Please use at most 1000 characters.")),
    satisfiedBy: z.enum(stipSatisfierValues, "Choose who sends it."),
  })
  .check(
    // Also runs when a field failed: read what was sent with care.
    z.refine((input) => (Array.isArray(input.kinds) && input.kinds.length > 0) || input.name !== "", {
      error: "Choose a stip from the catalog or name one.",
      path: ["name"],
    }),
  );

export type RequestStipsInput = z.input<typeof requestStipsInput>;

export const blankStipRequest: RequestStipsInput = { kinds: [], name: "", description: "", satisfiedBy: "applicant" };

export const stipReviews = [
  { value: "accept", label: "Accept" },
  { value: "reject", label: "Reject" },
  { value: "waive", label: "Waive" },
] as const;

/** Staff review a stip; a rejection or a waiver says why (the dealer reads a rejection's reason). */
export const reviewStipInput = z
  .object({
    review: z.enum(["accept", "reject", "waive"], "Choose accept, reject or waive."),
    reason: z.string().check(z.trim(), z.maxLength(1000, "Please use at most 1000 characters.")),
  })
  .check(
    z.refine((input) => input.review === "accept" || input.reason !== "", {
      error: "Say why: the dealer reads it.",
      path: ["reason"],
    }),
  );

export type ReviewStipInput = z.input<typeof reviewStipInput>;

/** The note sent with a stip's files. */
export const stipFileForm = z.object({
  note: z.prefault(z.string().check(z.trim(), z.maxLength(1000, "Please use at most 1000 characters.")), ""),
});

export const stipFileMultipart = {
  what: "the stip's files",
  fields: stipFileForm,
  files: { file: { ...documentFile, required: "Please choose at least one file." } },
};

export const stipFilesAddedResponse = z.object({ stip: vendorStip });

const dealParams = z.object({ id: z.uuid() });
const stipParams = z.object({ id: z.uuid(), stipId: z.uuid() });
const uploadErrors = [
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "BAD_REQUEST",
  "UNSUPPORTED_MEDIA_TYPE",
  "PAYLOAD_TOO_LARGE",
] as const;

export const getDealStips = endpoint({
  method: "GET",
  path: "/api/back-office/deals/:id/stips",
  audience: "staff",
  summary:
    "A deal's stips with every step, whether it is ready for documents, and the catalog with this deal's suggestions",
  tags: ["back office"],
  params: dealParams,
  responses: { 200: dealStipsResponse },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const requestDealStips = endpoint({
  method: "POST",
  path: "/api/back-office/deals/:id/stips",
  audience: "staff",
  summary: "Request stips on a deal, from the catalog or in staff's own words (audited, mailed to the dealer, webhook)",
  tags: ["back office"],
  params: dealParams,
  body: requestStipsInput,
  responses: { 201: dealStipsResponse },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const reviewDealStip = endpoint({
  method: "POST",
  path: "/api/back-office/deals/:id/stips/:stipId/review",
  audience: "staff",
  summary: "Accept or reject a received stip, or waive one (audited; the dealer hears of a rejection; webhook)",
  tags: ["back office"],
  params: stipParams,
  body: reviewStipInput,
  responses: { 200: dealStipsResponse },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const listPortalDealStips = endpoint({
  method: "GET",
  path: "/api/portal/deals/:id/stips",
  audience: "vendor",
  summary: "The stips of one of the company's deals: what to send, who sends it, where each stands",
  tags: ["portal"],
  params: dealParams,
  responses: { 200: z.object({ stips: z.array(vendorStip) }) },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const sendPortalStipFiles = endpoint({
  method: "POST",
  path: "/api/portal/deals/:id/stips/:stipId/files",
  audience: "vendor",
  summary: "Send the files for a stip (multipart: `note`, files `file`), checked like every upload",
  tags: ["portal"],
  params: stipParams,
  multipart: stipFileMultipart,
  responses: { 201: stipFilesAddedResponse },
  errors: [...uploadErrors],
});
