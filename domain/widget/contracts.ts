import * as z from "zod/mini";
import { MAX_AMOUNT } from "../pricing/quote-inputs.ts";
import { vendorLinkSegmentPattern } from "../vendors/vendor-slug.ts";
import { widgetPaymentPath } from "../site/widget-embed.ts";
import { endpoint } from "../http/endpoint.ts";

// The dealer widget's one call (public/widget.js): cross-origin, read-only, cached.

export const widgetPriceMessage = "price must be a dollar amount above 0, like 45000 or 45000.50.";

export const widgetPaymentQuery = z.object({
  price: z
    .string()
    .check(
      z.refine(
        (value) => /^\d{1,12}(\.\d{1,2})?$/.test(value) && Number(value) > 0 && Number(value) <= MAX_AMOUNT,
        widgetPriceMessage,
      ),
    ),
  vendor: z
    .string()
    .check(
      z.maxLength(100, "vendor is a vendor's slug."),
      z.regex(vendorLinkSegmentPattern, "vendor is a vendor's slug, like ola-equipment."),
    ),
});

export const widgetPaymentResponse = z.object({
  price: z.number(),
  /** "As low as": monthly, estimated. */
  payment: z.number(),
  term: z.number(),
  disclaimer: z.string(),
});

export type WidgetPayment = z.infer<typeof widgetPaymentResponse>;

export const widgetPayment = endpoint({
  method: "GET",
  path: widgetPaymentPath,
  audience: "public",
  summary: "The dealer widget's 'as low as' monthly payment for a price",
  tags: ["widget"],
  query: widgetPaymentQuery,
  responses: { 200: widgetPaymentResponse },
  errors: ["NOT_FOUND"],
});
