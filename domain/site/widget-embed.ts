// The dealer widget's fixed names (issue 18): dealers paste these into their own sites, so they never change.

/** `<kec-payment price="45000" vendor="<slug>"></kec-payment>` */
export const widgetElementName = "kec-payment";
/** `<script src="https://<site>/widget.js" async></script>` */
export const widgetScriptPath = "/widget.js";
export const widgetPaymentPath = "/api/widget/payment";
/** The vendor's co-branded calculator, pre-filled by `?price=`. */
export const widgetCalculatorPath = (vendorSlug: string, price: string) => `/vendor_partner/${encodeURIComponent(vendorSlug)}?price=${encodeURIComponent(price)}`;

/** The snippet a dealer pastes (the portal's generator and the demo page). */
export function widgetSnippet(siteUrl: string, vendorSlug: string, price: string): string {
  return `<script src="${siteUrl}${widgetScriptPath}" async></script>\n<${widgetElementName} price="${price}" vendor="${vendorSlug}"></${widgetElementName}>`;
}
