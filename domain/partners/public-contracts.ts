import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";

// Public pages import this file: keep it to the partner's public face.

/** A co-branded calculator's public face (GET /api/partners/:slug). */
export const partnerResponse = z.object({
  slug: z.string(),
  name: z.string(),
  logoUrl: z.string(),
  primaryColor: z.string(),
  accentColor: z.string(),
  vendorName: z.string(),
  salesPerson: z.string(),
  vendorPhone: z.string(),
});

/**
 * What a /vendor_partner/<slug> page shows (docs/product-rules.md#r22-every-company-has-a-link): the branding, and the
 * vendor company the
 * visitor's requests are attributed to ("" for a stand-alone partner, whose requests are not).
 */
export const vendorLinkPage = z.extend(partnerResponse, { referredTo: z.string() });

export type PartnerBranding = z.infer<typeof vendorLinkPage>;

const slugParams = z.object({ slug: z.string() });

export const getPartner = endpoint({
  method: "GET",
  path: "/api/partners/:slug",
  audience: "public",
  summary: "A vendor link's (co-branded calculator's) branding and company",
  tags: ["calculator"],
  params: slugParams,
  responses: { 200: vendorLinkPage },
  errors: ["NOT_FOUND"],
});

export const getPartnerLogo = endpoint({
  method: "GET",
  path: "/api/partners/:slug/logo",
  audience: "public",
  summary: "A partner's uploaded logo",
  tags: ["calculator"],
  params: slugParams,
  responses: {},
  download: true,
  errors: ["NOT_FOUND"],
});

export const countVendorLinkVisit = endpoint({
  method: "POST",
  path: "/api/vendor-links/:slug/visit",
  audience: "public",
  summary: "Count a visit to a vendor's link (no personal data; unknown links are not counted)",
  tags: ["calculator"],
  params: slugParams,
  responses: { 200: z.object({ counted: z.boolean() }) },
  errors: [],
});
