// The dealer widget's fixed names (docs/product-rules.md#r21-the-payment-widget): dealers paste these into their own
// sites, so they never change.

/** `<kec-payment price="45000" vendor="<slug>"></kec-payment>` */
export const widgetElementName = "kec-payment";
/** `<script src="https://<site>/widget.js" async></script>` */
export const widgetScriptPath = "/widget.js";
export const widgetPaymentPath = "/api/widget/payment";
/** The vendor's co-branded calculator, pre-filled by `?price=`. */
export const widgetCalculatorPath = (vendorSlug: string, price: string) =>
  `/vendor_partner/${encodeURIComponent(vendorSlug)}?price=${encodeURIComponent(price)}`;

/**
 * The widget's box, the same whatever it shows: the snippet carries it as a style attribute, so
 * the host page lays the box out before the script arrives and nothing around it moves, and the
 * element's own `:host` rule is the same. Pixels, not rem: the text inside is sized in pixels,
 * whatever the host page's root font size. Tall enough for the disclosure on three lines at the
 * narrowest width (280 px screens).
 */
export const widgetBoxStyle =
  "display:inline-block;box-sizing:border-box;width:300px;max-width:100%;height:84px;vertical-align:middle";

/** The snippet a dealer pastes (the portal's generator and the demo page). */
export function widgetSnippet(siteUrl: string, vendorSlug: string, price: string): string {
  return `<script src="${siteUrl}${widgetScriptPath}" async></script>\n<${widgetElementName} price="${price}" vendor="${vendorSlug}" style="${widgetBoxStyle}"></${widgetElementName}>`;
}
