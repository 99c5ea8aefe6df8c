import { useEffect } from "react";
import { countVendorLinkVisit } from "#domain/partners/public-contracts.ts";

/**
 * Counts one visit per page load of a vendor's link (docs/product-rules.md#r25-link-visits): a beacon with no body,
 * which the
 * browser sends even while the visitor leaves. The server keeps a counter per company and day.
 */
export function useCountVisit(slug: string, enabled: boolean) {
  useEffect(() => {
    if (!enabled || typeof navigator.sendBeacon !== "function") return;
    navigator.sendBeacon(countVendorLinkVisit.path.replace(":slug", encodeURIComponent(slug)));
  }, [slug, enabled]);
}
