import type { PartnerBranding } from "../partners/public-contracts.ts";

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
  referredTo: "%%partner.referredTo%%",
};

/** The co-branded credit application of a link: /vendor_partner/<slug>/apply (docs/product-rules.md#r22-every-company-has-a-link). */
export const vendorApplySuffix = "/apply";

export const partnerApplyTemplatePath = `${partnerTemplatePath}${vendorApplySuffix}`;

export const vendorLinkPath = (slug: string) => `${partnerPathPrefix}${slug}`;

export const vendorApplyPath = (slug: string) => `${partnerPathPrefix}${slug}${vendorApplySuffix}`;

/** The site's own look, for a vendor company that has no branding of its own (docs/product-rules.md#r24-partner-branding). */
export const defaultVendorLook = { logoUrl: "/favicon.svg", primaryColor: "#06284b", accentColor: "#f28c28" } as const;

/** The calculator's vendor-name field holds at most this many characters (spec). */
const vendorNameMax = 22;

/** The page of a vendor company without branding: the default look and the company's name. */
export function defaultVendorBranding(slug: string, companyName: string): PartnerBranding {
  return {
    slug,
    name: companyName,
    ...defaultVendorLook,
    vendorName: companyName.slice(0, vendorNameMax).trim(),
    salesPerson: "",
    vendorPhone: "",
    referredTo: companyName,
  };
}

/** The notice shown near the submit button of a vendor link's forms (docs/product-rules.md#r23-referred-customers-belong-to-the-company). */
export const referralNotice = (companyName: string) => `${companyName} will see the status of this request.`;
