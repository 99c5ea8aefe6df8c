import { useId, useState } from "react";
import { parseMoney } from "#domain/pricing/money-format.ts";
import { widgetSnippet } from "#domain/site/widget-embed.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";

/** The payment widget's two lines for a price, to paste into the dealer's own product page. */
export function WidgetSnippet({ vendorSlug }: { vendorSlug: string }) {
  const [price, setPrice] = useState("45000");
  const [copied, setCopied] = useState<string | null>(null);
  const codeId = useId();
  const amount = parseMoney(price);
  const valid = amount !== undefined && amount > 0;
  const snippet = widgetSnippet(
    typeof window === "undefined" ? "" : window.location.origin,
    vendorSlug,
    valid ? String(amount) : "45000",
  );

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied("Copied. Paste it where the price shows on your product page.");
    } catch {
      setCopied("Copying is blocked in this browser: select the code and copy it.");
    }
  };

  return (
    <section aria-labelledby="widget-heading" className="rounded-lg border border-slate-300 bg-white p-4">
      <h2 id="widget-heading" className="text-lg font-semibold">
        Payment widget for your website
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Shows “as low as $…/mo” (estimated) next to a product and opens your calculator with the price filled in.{" "}
        <a href="/widget-demo.html" target="_blank" rel="noopener" className="text-brand-700 underline">
          See the demo<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
      <div className="mt-3 max-w-xs">
        <TextField
          label="Product price"
          inputMode="decimal"
          value={price}
          onChange={(event) => {
            setPrice(event.target.value);
            setCopied(null);
          }}
          error={valid ? undefined : "Please enter the price in dollars, like 45000."}
        />
      </div>
      <p id={codeId} className="mt-3 font-medium">
        Code to paste
      </p>
      <pre
        aria-labelledby={codeId}
        tabIndex={0}
        className="mt-1 overflow-x-auto rounded bg-slate-900 p-3 text-sm whitespace-pre-wrap text-white break-all"
      >
        <code>{snippet}</code>
      </pre>
      <p className="mt-2 text-sm text-slate-700">
        Keep the <code>style</code> attribute: it holds the widget’s place while the script loads, so your page does not
        jump. If your site’s Content-Security-Policy refuses style attributes, give <code>kec-payment</code> the same
        rule in your own stylesheet.
      </p>
      <Button variant="secondary" className="mt-3" disabled={!valid} onClick={() => void copy()}>
        Copy code
      </Button>
      <Alert live tone="success" className="mt-2">
        {copied}
      </Alert>
    </section>
  );
}
