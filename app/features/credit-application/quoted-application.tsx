import { Suspense, use } from "react";
import { useLocation } from "react-router";
import { Loading } from "../../components/ui/page-state.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { CreditApplicationForm, type ApplicationVendorLink } from "./credit-application-form.tsx";
import { loadQuoteLink, type QuoteLink } from "./quote-prefill.ts";

const quoteRequests = new Map<string, Promise<QuoteLink | null>>();

/** One request per quote link and page load (the server records the customer opened it). */
function requestQuoteLink(url: string): Promise<QuoteLink | null> {
  let request = quoteRequests.get(url);
  if (!request) {
    request = loadQuoteLink(url, new AbortController().signal);
    quoteRequests.set(url, request);
  }
  return request;
}

/**
 * A vendor link's credit application; from a vendor quote's mail (`#quote=<token>`) it is filled in
 * from the quote. The page is prerendered without the quote, so the quote is read once hydrated.
 */
export function VendorApplication({ vendorLink }: { vendorLink: ApplicationVendorLink }) {
  const hydrated = useHydrated();
  const { hash } = useLocation();
  if (!hydrated || !new URLSearchParams(hash.slice(1)).has("quote"))
    return <CreditApplicationForm vendorLink={vendorLink} />;
  return (
    <Suspense fallback={<Loading className="p-8" />}>
      <Quoted vendorLink={vendorLink} url={window.location.href} />
    </Suspense>
  );
}

function Quoted({ vendorLink, url }: { vendorLink: ApplicationVendorLink; url: string }) {
  const quote = use(requestQuoteLink(url));
  return <CreditApplicationForm vendorLink={vendorLink} quote={quote} />;
}
