import * as z from "zod/mini";
import { endpoint } from "./endpoint.ts";

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

export type PartnerBranding = z.infer<typeof partnerResponse>;

const slugParams = z.object({ slug: z.string() });

export const getPartner = endpoint({
  method: "GET",
  path: "/api/partners/:slug",
  summary: "A co-branded partner calculator's branding",
  tags: ["calculator"],
  params: slugParams,
  responses: { 200: partnerResponse },
  errors: ["NOT_FOUND"],
});

export const getPartnerLogo = endpoint({
  method: "GET",
  path: "/api/partners/:slug/logo",
  summary: "A partner's uploaded logo",
  tags: ["calculator"],
  params: slugParams,
  responses: {},
  download: true,
  errors: ["NOT_FOUND"],
});
