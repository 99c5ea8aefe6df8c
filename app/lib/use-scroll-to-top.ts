import { useEffect } from "react";
import { scrollToTopDelayMs } from "#domain/site/timing.ts";

/** Scrolls to the top shortly after the page loads (docs/product-rules.md#r51-screens-keep-the-specs-layout-and-words), unless the URL names an anchor. */
export function useScrollToTop(key: string) {
  useEffect(() => {
    if (window.location.hash) return;
    const timer = setTimeout(() => window.scrollTo(0, 0), scrollToTopDelayMs);
    return () => clearTimeout(timer);
  }, [key]);
}
