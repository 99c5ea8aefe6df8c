import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";

export const backOfficeSummary = z.object({
  /** Leads received since midnight in the business time zone. */
  newLeadsToday: z.number(),
  /** Leads not contacted yet and past their due time (the promise runs in the credit team's hours; the inbox's rule, `isOverdue`). */
  overdueLeads: z.number(),
  /** Deals at stage 1 (App In) that the credit team has neither changed nor written to. */
  dealsAwaitingAnswer: z.number(),
  /** Deals whose last message is the vendor's. */
  vendorMessagesUnanswered: z.number(),
  /** Stips received and not reviewed yet ("Stips to review", the partial index deal_stip_to_review_idx). */
  stipsToReview: z.number(),
});

export type BackOfficeSummary = z.infer<typeof backOfficeSummary>;

export const getBackOfficeSummary = endpoint({
  method: "GET",
  path: "/api/back-office/summary",
  audience: "staff",
  summary: "The numbers of the credit team's day: new and overdue leads, deals, vendor messages and stips waiting",
  tags: ["back office"],
  responses: { 200: backOfficeSummary },
  errors: ["FORBIDDEN", "TWO_FACTOR_REQUIRED"],
});
