import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { newQuoteRequest } from "#domain/quotes/portal-contracts.ts";
import { creditTiers } from "#domain/deals/stages.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useSchemaForm } from "../../../lib/use-schema-form.ts";
import { quoteIntents, type QuoteActionInput, type QuoteActionResult } from "./quote-actions.ts";

const blank = { price: "", customerName: "", customerEmail: "", tier: "" };

const tierOptions = [
  { value: "", label: "Not known: price at the best tier" },
  ...([3, 2, 1] as const).map((tier) => ({ value: String(tier), label: creditTiers[tier] })),
];

/** Price, customer and optional tier; the server prices the four terms and mails the PDF. */
export function QuoteForm() {
  const fetcher = useFetcher<QuoteActionResult>();
  const form = useSchemaForm(newQuoteRequest, blank);
  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;
  const { reset } = form;
  const sentRef = useRef<QuoteActionResult | undefined>(undefined);
  useEffect(() => {
    if (result?.ok && sentRef.current !== result) {
      sentRef.current = result;
      reset(blank);
    }
  }, [result, reset]);

  const send = (event: React.FormEvent) => {
    event.preventDefault();
    const quote = form.validate();
    if (!quote) return;
    const input: QuoteActionInput = { intent: quoteIntents.send, quote };
    void fetcher.submit(input, { method: "post", encType: "application/json" });
  };

  return (
    <Form
      onSubmit={send}
      noValidate
      aria-labelledby="new-quote-heading"
      className="grid gap-3 rounded-lg border border-slate-300 bg-white p-4 sm:grid-cols-2"
    >
      <h2 id="new-quote-heading" className="text-lg font-semibold sm:col-span-2">
        Send a quote
      </h2>
      <TextField label="Price" inputMode="decimal" help="The equipment's price in dollars" {...form.text("price")} />
      <SelectField label="Credit tier (optional)" options={tierOptions} {...form.text("tier")} />
      <TextField label="Customer name" autoComplete="off" {...form.text("customerName")} />
      <TextField label="Customer e-mail" type="email" autoComplete="off" {...form.text("customerEmail")} />
      <p className="text-sm text-slate-700 sm:col-span-2">
        The customer gets a PDF with the estimated payments for 24, 36, 48 and 60 months, and a link to a credit
        application with their name and e-mail filled in, valid 30 days.
      </p>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Sending…" : "Send quote"}
        </Button>
      </div>
      <div className="sm:col-span-2">
        <Alert live tone={result?.ok ? "success" : "error"}>
          {result?.intent === quoteIntents.send ? result.message : null}
        </Alert>
      </div>
    </Form>
  );
}
