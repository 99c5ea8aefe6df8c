import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { cookieConsentStorageKey, cookiePreviewLength } from "#domain/site/timing.ts";
import { Button } from "../../components/ui/button.tsx";
import { brand } from "../../lib/public-config.ts";
import { cookieConsentBannerId } from "./cookie-consent-head.ts";

const consentText = `${brand.name} uses cookies and your browser's storage to keep the site working, to remember your choices and, only if you accept, to measure how the site is used so we can improve it. Declining keeps the site fully usable: nothing optional is loaded. You can change your mind at any time by clearing this site's data in your browser.`;

function subscribeToStorage(onChange: () => void) {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

function storedChoice(): string | null {
  try {
    return window.localStorage.getItem(cookieConsentStorageKey);
  } catch {
    return null;
  }
}

/**
 * Shown until the visitor chooses; the choice is kept under GDPR:accepted (docs/product-rules.md#r50-cookie-consent).
 * While shown, the page scrolls focused elements clear of it (WCAG 2.4.11).
 */
export function CookieConsent() {
  // The prerendered page shows the banner (a head script hides it when answered); the stored choice is read once
  // hydrated.
  const choice = useSyncExternalStore(subscribeToStorage, storedChoice, () => null);
  const [dismissed, setDismissed] = useState(false);
  const visible = choice === null && !dismissed;
  const [expanded, setExpanded] = useState(false);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const root = document.documentElement;
    if (!visible || !ref.current) {
      root.style.scrollPaddingBottom = "";
      return;
    }
    const banner = ref.current;
    const update = () => {
      root.style.scrollPaddingBottom = `${banner.offsetHeight + 8}px`;
      document.body.style.paddingBottom = `${banner.offsetHeight}px`;
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = "";
      document.body.style.paddingBottom = "";
    };
  }, [visible]);

  if (!visible) return null;
  const choose = (accepted: boolean) => {
    try {
      window.localStorage.setItem(cookieConsentStorageKey, String(accepted));
    } catch {
      // Storage blocked: the banner still closes for this visit.
    }
    setDismissed(true);
  };
  const preview =
    consentText.length > cookiePreviewLength ? `${consentText.slice(0, cookiePreviewLength).trimEnd()}…` : consentText;

  return (
    <section
      ref={ref}
      id={cookieConsentBannerId}
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-300 bg-white p-4 shadow-[0_-4px_12px_rgba(0,0,0,0.1)]"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <p className="text-sm text-slate-800">
          {expanded ? consentText : preview}{" "}
          {expanded ? null : (
            <button
              type="button"
              className="inline-flex min-h-6 font-semibold text-brand-700 underline"
              onClick={() => setExpanded(true)}
            >
              view more...
            </button>
          )}
        </p>
        <div className="flex shrink-0 gap-2">
          <Button onClick={() => choose(true)}>Accept</Button>
          <Button variant="secondary" onClick={() => choose(false)}>
            Decline
          </Button>
        </div>
      </div>
    </section>
  );
}
