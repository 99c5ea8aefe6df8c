import type { PartnerBranding } from "../api/partner.ts";

/** Co-branded calculators live under this prefix; the partner's slug follows. */
export const partnerPathPrefix = "/vendor_partner/";

/**
 * The partner calculator is prerendered once, for this slug, with placeholders where the
 * partner's branding goes; the server fills them in for each partner and adds the branding as
 * JSON, so the page paints already branded and hydrates without a fetch.
 */
export const partnerTemplatePath = `${partnerPathPrefix}__partner__`;

/** The id of the `<script type="application/json">` that carries the branding. */
export const partnerBrandingElementId = "partner-branding";

export const partnerPlaceholders: PartnerBranding = {
  slug: "__partner__",
  name: "%%partner.name%%",
  logoUrl: "%%partner.logoUrl%%",
  primaryColor: "%%partner.primaryColor%%",
  accentColor: "%%partner.accentColor%%",
  vendorName: "%%partner.vendorName%%",
  salesPerson: "%%partner.salesPerson%%",
  vendorPhone: "%%partner.vendorPhone%%",
};
