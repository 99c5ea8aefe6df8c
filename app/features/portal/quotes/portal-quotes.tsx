import type { PortalQuote } from "#domain/quotes/portal-contracts.ts";
import { financingDisclaimer } from "#domain/deals/deal-changes.ts";
import { QuoteForm } from "./quote-form.tsx";
import { QuoteList } from "./quote-list.tsx";
import { WidgetSnippet } from "./widget-snippet.tsx";

/** /portal/quotes: send a quote, follow and manage the company's quotes, and get the website widget. */
export function PortalQuotes({ quotes, vendorSlug }: { quotes: readonly PortalQuote[]; vendorSlug: string }) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Quotes</h1>
        <p className="mt-1 text-slate-700">Every figure a customer sees is estimated. {financingDisclaimer}</p>
      </div>
      <QuoteForm />
      <section aria-labelledby="quote-list-heading">
        <h2 id="quote-list-heading" className="text-lg font-semibold">
          Your quotes
        </h2>
        <div className="mt-2">
          <QuoteList quotes={quotes} />
        </div>
      </section>
      <WidgetSnippet vendorSlug={vendorSlug} />
    </div>
  );
}
