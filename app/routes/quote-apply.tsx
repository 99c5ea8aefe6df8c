import { RouteError } from "../components/ui/route-error.tsx";
import { CreditApplicationForm } from "../features/credit-application/credit-application-form.tsx";
import { loadQuoteLink } from "../features/credit-application/quote-prefill.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/quote-apply";

// A stand-in for the vendor-links branch's co-branded application at the same address: at merge,
// its route keeps its own page and calls loadQuoteLink in its loader, and this file goes.

export const meta = () => appPageMeta("Credit application");

export const clientLoader = async ({ request }: Route.ClientLoaderArgs) => ({ quote: await loadQuoteLink(request.url, request.signal) });

export const ErrorBoundary = RouteError;

export default function QuoteApply({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-900">Credit application</h1>
      <div className="mt-6">
        <CreditApplicationForm quote={loaderData.quote} />
      </div>
    </div>
  );
}
