import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";

// Public: the credit application imports this, so zod/mini only and nothing of the portal.

/** A quote link's token: base64url of 32 random bytes. */
export const quoteTokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, "This quote link is not valid."));

/** What a quote link pre-fills, and nothing else. */
export const quotePrefill = z.object({
  customerName: z.string(),
  customerEmail: z.string(),
  price: z.number(),
  vendorName: z.string(),
});

export type QuotePrefill = z.infer<typeof quotePrefill>;

/** The message of a 404 (unknown) or 410 (expired or withdrawn) link; the form stays usable. */
export const quoteLinkGoneMessage = "This quote is no longer available. You can still apply: fill in the form below.";

export const openQuoteLink = endpoint({
  method: "POST",
  path: "/api/quotes/open",
  audience: "public",
  summary: "A quote link's pre-fill; records that the customer opened it",
  tags: ["quotes"],
  body: z.object({ token: quoteTokenSchema }),
  responses: { 200: quotePrefill },
  errors: ["NOT_FOUND", "GONE"],
});
