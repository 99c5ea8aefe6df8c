/** Program pages and the financing-options screen scroll to the top this long after loading (docs/product-rules.md#r51-screens-keep-the-specs-layout-and-words). */
export const scrollToTopDelayMs = 100;

/** Below this width the menu starts collapsed behind the burger (docs/product-rules.md#r51-screens-keep-the-specs-layout-and-words). */
export const narrowLayoutBreakpointPx = 1070;

/** The cookie banner's text preview (docs/product-rules.md#r50-cookie-consent). */
export const cookiePreviewLength = 185;

/** Where the visitor's cookie choice is kept (docs/product-rules.md#r50-cookie-consent). */
export const cookieConsentStorageKey = "GDPR:accepted";
