import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";
import { listCursor, listPage } from "../http/list-page.ts";
import { stipReviewHours } from "../response-times/response-promise.ts";
import { stipSatisfierValues } from "./stip-rules.ts";

// "Stips to review" (docs/product-rules.md#r55-stipulations): the credit team's queue of received
// stips, oldest received first, each promised a review within 4 business hours (stipReviewHours).

/** The queue's promise, as the screen and the mails write it. */
export const stipReviewPromise = `reviewed within ${stipReviewHours}`;

export const stipsToReviewQuery = z.object({ cursor: z.optional(listCursor) });

export type StipsToReviewQuery = z.infer<typeof stipsToReviewQuery>;

export const stipToReview = z.object({
  id: z.string(),
  name: z.string(),
  satisfiedBy: z.enum(stipSatisfierValues),
  deal: z.object({ id: z.string(), accountNumber: z.string(), businessName: z.string() }),
  /** The vendor company's name; null for a direct deal (no vendor). */
  vendorName: z.nullable(z.string()),
  receivedAt: z.string(),
  /** When its review is due (its response clock); null only for a stip received before clocks were kept. */
  dueAt: z.nullable(z.string()),
  /** Past its due time and not reviewed yet. */
  overdue: z.boolean(),
});

export type StipToReview = z.infer<typeof stipToReview>;

export const stipsToReviewResponse = z.object({ stips: z.array(stipToReview), page: listPage });

export type StipsToReview = z.infer<typeof stipsToReviewResponse>;

export const listStipsToReview = endpoint({
  method: "GET",
  path: "/api/back-office/stips/to-review",
  audience: "staff",
  summary: "Stips to review: received and not reviewed yet, oldest received first, with each one's due time",
  tags: ["back office"],
  query: stipsToReviewQuery,
  responses: { 200: stipsToReviewResponse },
  errors: ["FORBIDDEN", "TWO_FACTOR_REQUIRED"],
});
