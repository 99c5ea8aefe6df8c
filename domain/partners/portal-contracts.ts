import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";

// The vendor portal's "Your link" screen (docs/product-rules.md#r22-every-company-has-a-link).

const count = z.object({ last30Days: z.number(), total: z.number() });

export const vendorLinkResponse = z.object({
  companyName: z.string(),
  slug: z.string(),
  /** The full address of the co-branded calculator: /vendor_partner/<slug>. */
  url: z.string(),
  /** The co-branded credit application: /vendor_partner/<slug>/apply. */
  applyUrl: z.string(),
  /** Page loads of either page. */
  visits: count,
  /** Calculator leads, questionnaire answers and credit applications that came through the link. */
  leads: count,
});

export type VendorLinkSummary = z.infer<typeof vendorLinkResponse>;

export const getVendorLink = endpoint({
  method: "GET",
  path: "/api/portal/link",
  audience: "vendor",
  summary: "The vendor company's link, with its visits and leads",
  tags: ["portal"],
  responses: { 200: vendorLinkResponse },
  errors: ["FORBIDDEN"],
});

export const vendorLinkQrFormats = ["svg", "png"] as const;

export const getVendorLinkQr = endpoint({
  method: "GET",
  path: "/api/portal/link/qr",
  audience: "vendor",
  summary: "A QR code of the vendor company's link, to print for the showroom (SVG or PNG)",
  tags: ["portal"],
  query: z.object({ format: z.optional(z.enum(vendorLinkQrFormats)) }),
  responses: {},
  download: true,
  errors: ["FORBIDDEN"],
});
