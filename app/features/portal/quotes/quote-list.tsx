import { useState } from "react";
import { useFetcher } from "react-router";
import type { PortalQuote } from "#domain/quotes/portal-contracts.ts";
import { creditTiers } from "#domain/deals/stages.ts";
import { formatUsd } from "#domain/pricing/money-format.ts";
import { canResend, quoteStatusLabels } from "#domain/quotes/vendor-quote.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Table, type TableColumn } from "../../../components/ui/table.tsx";
import { quoteIntents, type QuoteActionInput, type QuoteActionResult } from "./quote-actions.ts";

const date = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

const statusTone: Record<PortalQuote["status"], string> = {
  sent: "bg-slate-100 text-slate-800",
  opened: "bg-blue-100 text-blue-900",
  applied: "bg-green-100 text-green-900",
  expired: "bg-amber-100 text-amber-900",
  withdrawn: "bg-slate-200 text-slate-700",
};

function QuoteActions({ quote }: { quote: PortalQuote }) {
  const fetcher = useFetcher<QuoteActionResult>();
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;
  const post = (input: QuoteActionInput) => void fetcher.submit(input, { method: "post", encType: "application/json" });
  const state = {
    withdrawn: quote.status === "withdrawn",
    openedAt: null,
    appliedAt: quote.appliedAt ? new Date(quote.appliedAt) : null,
    expiresAt: new Date(quote.expiresAt),
  };
  const open = quote.status !== "withdrawn" && quote.status !== "applied";
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {canResend(state, quote.resentCount) ? (
          <Button
            variant="secondary"
            disabled={busy}
            aria-label={`Resend the quote to ${quote.customerEmail}`}
            onClick={() => post({ intent: quoteIntents.resend, id: quote.id })}
          >
            Resend
          </Button>
        ) : null}
        {open ? (
          <Button
            variant="secondary"
            disabled={busy}
            aria-label={`Withdraw the quote to ${quote.customerEmail}`}
            onClick={() => setConfirming(true)}
          >
            Withdraw
          </Button>
        ) : null}
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Withdraw the quote to ${quote.customerName}?`}
        role="alertdialog"
      >
        <p>
          The link in the mail to {quote.customerEmail} stops filling in an application. The customer can still apply on
          their own. This cannot be undone.
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              setConfirming(false);
              post({ intent: quoteIntents.withdraw, id: quote.id });
            }}
          >
            Withdraw quote
          </Button>
        </div>
      </Dialog>
      {result ? <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert> : null}
    </div>
  );
}

const columns: TableColumn<PortalQuote>[] = [
  {
    key: "customer",
    header: "Customer",
    rowHeader: true,
    sortValue: (quote) => quote.customerName.toLowerCase(),
    cell: (quote) => (
      <>
        <span className="block font-medium">{quote.customerName}</span>
        <span className="block text-sm break-all text-slate-700">{quote.customerEmail}</span>
      </>
    ),
  },
  {
    key: "price",
    header: "Price",
    sortValue: (quote) => quote.price,
    cell: (quote) => (
      <>
        <span className="block">{formatUsd(quote.price)}</span>
        <span className="block text-sm text-slate-700">
          {quote.tier ? creditTiers[quote.tier as keyof typeof creditTiers] : "Best tier"}
        </span>
      </>
    ),
  },
  {
    key: "status",
    header: "Status",
    sortValue: (quote) => quote.status,
    cell: (quote) => (
      <span className={`inline-block rounded-full px-2 py-0.5 text-sm font-medium ${statusTone[quote.status]}`}>
        {quoteStatusLabels[quote.status]}
      </span>
    ),
  },
  {
    key: "sent",
    header: "Sent",
    sortValue: (quote) => quote.sentAt,
    cell: (quote) => (
      <>
        <span className="block">{date(quote.sentAt)}</span>
        <span className="block text-sm text-slate-700">
          by {quote.createdBy}
          {quote.resentCount ? `, resent ${quote.resentCount}×` : ""}
        </span>
      </>
    ),
  },
  {
    key: "expires",
    header: "Link valid until",
    sortValue: (quote) => quote.expiresAt,
    cell: (quote) => date(quote.expiresAt),
  },
  { key: "actions", header: "Actions", cell: (quote) => <QuoteActions quote={quote} /> },
];

export function QuoteList({ quotes }: { quotes: readonly PortalQuote[] }) {
  return (
    <Table
      caption="Your company's quotes"
      columns={columns}
      rows={quotes}
      rowKey={(quote) => quote.id}
      empty="No quotes yet. Send your first one above."
    />
  );
}
