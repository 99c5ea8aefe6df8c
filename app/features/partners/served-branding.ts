import { getPartner, vendorLinkPage, type PartnerBranding } from "#domain/partners/public-contracts.ts";
import { partnerBrandingElementId, partnerPlaceholders } from "#domain/site/partner-page.ts";
import { ApiError, call } from "../../lib/call.ts";

/**
 * The branding a vendor link's page was served with (domain/site/partner-page.ts): placeholders
 * while the template is prerendered, the link's own in the browser. Null after a client-side
 * navigation (then requestBranding reads it).
 */
export function servedBranding(slug: string): PartnerBranding | null {
  if (typeof document === "undefined") return partnerPlaceholders;
  const served = document.getElementById(partnerBrandingElementId)?.textContent;
  if (!served) return null;
  const parsed = vendorLinkPage.safeParse(JSON.parse(served));
  return parsed.success && parsed.data.slug === slug ? parsed.data : null;
}

// Only without the served branding (a client-side navigation, or the Vite dev server): read once per slug.
const requests = new Map<string, Promise<PartnerBranding | null>>();

export function requestBranding(slug: string): Promise<PartnerBranding | null> {
  let request = requests.get(slug);
  if (!request) {
    request = call(getPartner, { params: { slug } }).catch((error: unknown) => {
      requests.delete(slug);
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    });
    requests.set(slug, request);
  }
  return request;
}
