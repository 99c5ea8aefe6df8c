import * as z from "zod/mini";

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
