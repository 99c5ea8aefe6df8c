import { useState } from "react";
import { Link, useFetcher } from "react-router";
import type { PayableItem, PayoutBatchSummary, PayoutsOverview } from "#domain/payouts/back-office-contracts.ts";
import { formatCents } from "#domain/payouts/payout-rules.ts";
import { formatCalendarDate } from "#domain/site/business-time.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Table, type TableColumn } from "../../../components/ui/table.tsx";

/** What the payouts route's action is sent (JSON) and answers when it does not go to the new batch. */
export type BuildBatchAction = { entryCount: number; totalCents: number };
export type BuildBatchResult = { ok: false; error: string };

const entriesText = (count: number) => `${count} ${count === 1 ? "entry" : "entries"}`;

const itemLabel = (item: PayableItem) =>
  item.kind === "funding" ? `${item.reference} · ${item.businessName}` : `Earnings through ${item.reference}`;

const batchColumns: TableColumn<PayoutBatchSummary>[] = [
  {
    key: "day",
    header: "Day",
    rowHeader: true,
    cell: (batch) => (
      <Link to={`/back-office/payouts/${batch.id}`} className="text-brand-700 underline">
        {formatCalendarDate(batch.businessDay)} ({batch.fileIdModifier})
      </Link>
    ),
  },
  { key: "entries", header: "Entries", cell: (batch) => batch.entryCount },
  { key: "total", header: "Total", cell: (batch) => formatCents(batch.totalCents) },
  { key: "returned", header: "Returned", cell: (batch) => batch.returnedCount },
  { key: "by", header: "Built by", cell: (batch) => batch.createdBy },
];

const heldColumns: TableColumn<PayoutsOverview["held"][number]>[] = [
  { key: "deal", header: "Deal", rowHeader: true, cell: itemLabel },
  { key: "company", header: "Company", cell: (item) => item.companyName },
  { key: "amount", header: "Amount", cell: (item) => formatCents(item.amountCents) },
  { key: "funded", header: "Funded", cell: (item) => (item.fundedOn ? formatCalendarDate(item.fundedOn) : "—") },
  { key: "why", header: "Why", cell: (item) => item.reason },
];

const payableColumns: TableColumn<PayableItem>[] = [
  { key: "deal", header: "Deal", rowHeader: true, cell: itemLabel },
  { key: "company", header: "Company", cell: (item) => item.companyName },
  { key: "amount", header: "Amount", cell: (item) => formatCents(item.amountCents) },
];

/** "Build today's batch" and its confirmation: the count and total the staff member agrees to pay. */
function BuildBatch({ payable, problem }: { payable: PayoutsOverview["payable"]; problem: string | null }) {
  const fetcher = useFetcher<BuildBatchResult>();
  const [open, setOpen] = useState(false);
  const busy = fetcher.state !== "idle";
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  const build = () =>
    void fetcher.submit({ entryCount: payable.count, totalCents: payable.totalCents } satisfies BuildBatchAction, {
      method: "post",
      encType: "application/json",
    });
  return (
    <section aria-labelledby="build-heading" className="mt-6">
      <h2 id="build-heading" className="text-xl font-semibold">
        Today's batch
      </h2>
      <p className="mt-1">
        Ready to pay: {entriesText(payable.count)}, {formatCents(payable.totalCents)}.
      </p>
      {problem ? (
        <Alert tone="info" className="mt-2">
          {problem}
        </Alert>
      ) : null}
      <Button className="mt-3" disabled={problem !== null || busy} onClick={() => setOpen(true)}>
        Build today's batch
      </Button>
      <Alert live className="mt-3">
        {error}
      </Alert>
      <Dialog open={open} onClose={() => setOpen(false)} title="Build today's batch?">
        <p>
          The batch pays {entriesText(payable.count)}, {formatCents(payable.totalCents)} in all, and writes the ACH file
          to upload to the bank. It cannot be undone: a payment that comes back is recorded as a return.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button
            disabled={busy}
            onClick={() => {
              setOpen(false);
              build();
            }}
          >
            Build the batch: {formatCents(payable.totalCents)}
          </Button>
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        </div>
      </Dialog>
      {payable.items.length > 0 ? (
        <Table
          caption="Ready to pay"
          showCaption
          className="mt-4"
          columns={payableColumns}
          rows={payable.items}
          rowKey={(item) => `${item.kind}-${item.fundingId ?? item.companyName}`}
          empty="Nothing is ready to pay."
        />
      ) : null}
    </section>
  );
}

/** The payouts screen (docs/product-rules.md#r60-payout-batches): today's batch, what is held, the batches. */
export function PayoutsScreen({ overview }: { overview: PayoutsOverview }) {
  return (
    <>
      <h1 className="text-2xl font-bold">Payouts</h1>
      <p className="mt-1 max-w-prose text-slate-700">
        Approved fundings and monthly earnings are paid by ACH once a working day, to each dealer's payout account once
        it is usable. Today is {formatCalendarDate(overview.today)}.
      </p>
      <BuildBatch payable={overview.payable} problem={overview.buildProblem} />
      <section aria-labelledby="held-heading" className="mt-8">
        <h2 id="held-heading" className="text-xl font-semibold">
          Held
        </h2>
        <Table
          caption="Held fundings and earnings"
          columns={heldColumns}
          rows={overview.held}
          rowKey={(item) => `${item.kind}-${item.fundingId ?? item.companyName}`}
          empty="Nothing is held."
        />
      </section>
      <section aria-labelledby="batches-heading" className="mt-8">
        <h2 id="batches-heading" className="text-xl font-semibold">
          Batches
        </h2>
        <Table
          caption="Payout batches, newest first"
          columns={batchColumns}
          rows={overview.batches}
          rowKey={(batch) => batch.id}
          empty="No batch has been built yet."
        />
      </section>
    </>
  );
}
