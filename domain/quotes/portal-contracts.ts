import * as z from "zod/mini";
import { emailAddress, requiredText } from "../forms/fields.ts";
import { parseMoney } from "../pricing/money-format.ts";
import { MAX_AMOUNT } from "../pricing/quote-inputs.ts";
import { quoteStatuses } from "./vendor-quote.ts";
import { endpoint } from "../http/endpoint.ts";
import { idParams } from "../deals/portal-contracts.ts";

// Vendor portal: quotes to customers (docs/product-rules.md#r20-quotes-to-customers). Scoped to the session's company
// (ADR 0009).

/** The portal's quote form and POST /api/portal/quotes share it: the fields as typed. */
export const newQuoteRequest = z.object({
  /** Dollars as typed ("45,000", "$45000.50"), read with parseMoney. */
  price: z.string().check(
    z.trim(),
    z.refine((value) => {
      const amount = parseMoney(value);
      return amount !== undefined && amount > 0 && amount <= MAX_AMOUNT;
    }, "Please enter the price in dollars, like 45,000."),
  ),
  customerName: requiredText("Please enter the customer's name.", 100),
  customerEmail: emailAddress(),
  /** Deal credit tier "1"-"3" (domain/deals/stages.ts); "" prices at the best tier. */
  tier: z.enum(["", "1", "2", "3"], "Please choose a credit tier."),
});

export type NewQuoteRequest = z.infer<typeof newQuoteRequest>;

export const portalQuote = z.object({
  id: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  price: z.number(),
  tier: z.nullable(z.number()),
  /** Estimated monthly payment per term. */
  terms: z.array(z.object({ term: z.number(), payment: z.number() })),
  status: z.enum(quoteStatuses),
  createdAt: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
  openedAt: z.nullable(z.string()),
  appliedAt: z.nullable(z.string()),
  resentCount: z.number(),
  createdBy: z.string(),
});

export type PortalQuote = z.infer<typeof portalQuote>;

export const listPortalQuotes = endpoint({
  method: "GET",
  path: "/api/portal/quotes",
  audience: "vendor",
  summary: "The company's quotes to customers, newest first",
  tags: ["portal"],
  responses: { 200: z.object({ quotes: z.array(portalQuote), vendorSlug: z.string() }) },
  errors: [],
});

export const sendPortalQuote = endpoint({
  method: "POST",
  path: "/api/portal/quotes",
  audience: "vendor",
  summary: "Price a quote and e-mail it with its PDF to the customer",
  tags: ["portal"],
  body: newQuoteRequest,
  responses: { 201: portalQuote },
  errors: ["RATE_LIMITED"],
});

export const resendPortalQuote = endpoint({
  method: "POST",
  path: "/api/portal/quotes/:id/resend",
  audience: "vendor",
  summary: "Mail the quote again with a new link, valid 30 days",
  tags: ["portal"],
  params: idParams,
  responses: { 200: portalQuote },
  errors: ["NOT_FOUND", "CONFLICT", "RATE_LIMITED"],
});

export const withdrawPortalQuote = endpoint({
  method: "POST",
  path: "/api/portal/quotes/:id/withdraw",
  audience: "vendor",
  summary: "Withdraw a quote: its link stops pre-filling",
  tags: ["portal"],
  params: idParams,
  responses: { 200: portalQuote },
  errors: ["NOT_FOUND"],
});
