import { lazy, Suspense, useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import {
  promiseBoardQuery,
  type OverdueItem,
  type PromiseBoard,
  type PromiseBoardQuery,
  type PromiseStats,
} from "#domain/response-times/contracts.ts";
import { leadTypeLabels } from "#domain/leads/lead-inbox.ts";
import {
  afterHoursNote,
  creditOpensAtHour,
  responseSourceLabels,
  stipReviewHours,
} from "#domain/response-times/response-promise.ts";
import { creditOnlineUntilHour } from "#domain/deals/business-month.ts";
import { formatBusinessDateTime } from "#domain/site/business-time.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Loading } from "../../../components/ui/page-state.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Table, type TableColumn } from "../../../components/ui/table.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { brand } from "../../../lib/public-config.ts";
import { useSchemaForm } from "../../../lib/use-schema-form.ts";
import { formatShare, formatWait } from "./board-format.ts";

// recharts is loaded with the charts, after the numbers and tables are on screen, and only here.
const charts = () => import("./promise-charts.tsx");
const ShareByDayChart = lazy(() => charts().then((module) => ({ default: module.ShareByDayChart })));
const WaitByDayChart = lazy(() => charts().then((module) => ({ default: module.WaitByDayChart })));
const ShareBySourceChart = lazy(() => charts().then((module) => ({ default: module.ShareBySourceChart })));

const kindOptions = [
  { value: "lead", label: "Leads" },
  { value: "deal", label: "Vendor deals" },
  { value: "stip", label: "Stips" },
];

/** A stip's review is promised in business hours (they run across days), the others in minutes. */
const stipPromise = stipReviewHours;

const kindWords: Record<PromiseBoard["kind"], { what: string; promise: (minutes: number) => string }> = {
  lead: { what: "leads", promise: (minutes) => `${minutes} minutes` },
  deal: { what: "vendor deals", promise: (minutes) => `30-${minutes} minutes` },
  stip: { what: "stips received", promise: () => stipPromise },
};

const hour = (value: number) =>
  new Intl.DateTimeFormat("en-US", { hour: "numeric", timeZone: "UTC" }).format(Date.UTC(2000, 0, 1, value));

function statsColumns<Row extends PromiseStats>(first: TableColumn<Row>): TableColumn<Row>[] {
  return [
    first,
    { key: "arrived", header: "Arrived", cell: (row) => row.arrived },
    { key: "contacted", header: "Contacted", cell: (row) => row.contacted },
    { key: "median", header: "Median wait", cell: (row) => formatWait(row.medianMinutes) },
    { key: "p90", header: "90th percentile", cell: (row) => formatWait(row.p90Minutes) },
    { key: "share", header: "Within the promise", cell: (row) => formatShare(row.keptShare) },
    { key: "missed", header: "Missed", cell: (row) => row.missed },
    { key: "waiting", header: "Not due yet", cell: (row) => row.waiting },
  ];
}

const dayColumns = statsColumns<PromiseBoard["byDay"][number]>({
  key: "day",
  header: "Day",
  rowHeader: true,
  cell: (row) => row.day,
  className: "whitespace-nowrap",
});
const sourceColumns = statsColumns<PromiseBoard["bySource"][number]>({
  key: "source",
  header: "Source",
  rowHeader: true,
  cell: (row) => responseSourceLabels[row.source],
});

const subjectPath = (item: OverdueItem) =>
  item.type === "stip"
    ? `/back-office/deals/${item.dealId}#stips`
    : item.type === "deal"
      ? `/back-office/deals/${item.id}`
      : `/back-office/leads/${item.type}/${item.id}`;

const kindLabel = (item: OverdueItem) =>
  item.type === "stip" ? "Stip" : item.type === "deal" ? "Vendor deal" : leadTypeLabels[item.type];

function overdueColumns(promisedMinutes: number): TableColumn<OverdueItem>[] {
  return [
    {
      key: "title",
      header: "Who",
      rowHeader: true,
      cell: (item) => (
        <Link to={subjectPath(item)} className="text-brand-700 underline">
          {item.title || kindLabel(item)}
        </Link>
      ),
    },
    { key: "kind", header: "Kind", cell: kindLabel },
    { key: "source", header: "Source", cell: (item) => responseSourceLabels[item.source] },
    {
      key: "arrived",
      header: "Arrived",
      cell: (item) => formatBusinessDateTime(new Date(item.arrivedAt), brand.timeZone),
    },
    {
      key: "due",
      header: "Due",
      // A stip's 4 business hours run across days: its due time is not "after hours".
      cell: (item) =>
        (item.type === "stip"
          ? null
          : afterHoursNote(new Date(item.arrivedAt), new Date(item.dueAt), promisedMinutes, brand.timeZone)) ??
        formatBusinessDateTime(new Date(item.dueAt), brand.timeZone),
    },
  ];
}

/** A chart and the table it pictures: the table (with its caption) is what assistive technology reads. */
function ChartWithTable({ title, chart, table }: { title: string; chart: React.ReactNode; table: React.ReactNode }) {
  return (
    <section className="mt-8" aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <Suspense fallback={<Loading label="Loading the chart…" className="h-60" />}>{chart}</Suspense>
      <details className="mt-2">
        <summary className="min-h-11 cursor-pointer py-2 text-brand-700 underline">Show the numbers as a table</summary>
        {table}
      </details>
    </section>
  );
}

function Figure({ label, value, help }: { label: string; value: React.ReactNode; help?: string }) {
  return (
    <div className="rounded border border-slate-300 p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-bold">{value}</dd>
      {help ? <dd className="text-sm text-slate-700">{help}</dd> : null}
    </div>
  );
}

/** The response-times board: is the promise of a call kept, by day and source, and what is overdue now. */
export function ResponseTimesScreen({ query, board }: { query: PromiseBoardQuery; board: PromiseBoard }) {
  const [, setSearchParams] = useSearchParams();
  const form = useSchemaForm(promiseBoardQuery, { kind: query.kind, from: query.from, to: query.to });
  const [shown, setShown] = useState(query);
  if (shown !== query) {
    setShown(query);
    form.reset({ kind: query.kind, from: query.from, to: query.to });
  }
  const { what } = kindWords[board.kind];
  const promise = kindWords[board.kind].promise(board.promisedMinutes);
  const { total } = board;
  return (
    <>
      <h1 className="text-2xl font-bold">Response times</h1>
      <p className="mt-1 max-w-3xl text-slate-700">
        We promise a call within 30 minutes of a lead and within 30-60 minutes of a vendor&apos;s new deal, and that a
        stip a dealer or applicant sent is reviewed within {stipPromise} (the hours run on into the next working day).
        The promise runs in the credit team&apos;s hours, {hour(creditOpensAtHour)} until {hour(creditOnlineUntilHour)}{" "}
        (&ldquo;Credit Online&rdquo;) on working days (Monday to Friday less the federal holidays, with the days an
        admin changed in the working calendar), {brand.timeZone} time: what arrives later is due the next working
        morning. Waits are counted from arrival to the first contact (a lead&apos;s status set to contacted or closed; a
        deal&apos;s first change or message from the team; a stip&apos;s review: accepted, rejected or waived); the
        promise is kept when that contact came by the due time.
      </p>
      <Form
        className="mt-4 flex flex-wrap items-end gap-3"
        aria-label="Choose what to show"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const chosen = form.validate();
          if (chosen) setSearchParams(new URLSearchParams(chosen), { preventScrollReset: true });
        }}
      >
        <SelectField
          label="Show"
          options={kindOptions}
          value={String(form.values.kind)}
          onChange={(event) => form.setValue("kind", event.target.value as PromiseBoardQuery["kind"])}
        />
        <TextField label="Arrived from" type="date" {...form.text("from")} />
        <TextField label="Arrived to" type="date" {...form.text("to")} />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </Form>

      <h2 className="mt-6 text-lg font-semibold">
        {what[0]!.toUpperCase() + what.slice(1)}, {query.from} to {query.to}: the promise is {promise}
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-3 md:grid-cols-5">
        <Figure label="Arrived" value={total.arrived} help={`${total.contacted} contacted`} />
        <Figure label="Median wait" value={formatWait(total.medianMinutes)} />
        <Figure label="90th percentile" value={formatWait(total.p90Minutes)} />
        <Figure
          label="Within the promise"
          value={formatShare(total.keptShare)}
          help={`${total.kept} kept, ${total.missed} missed`}
        />
        <Figure label="Overdue now" value={board.overdue.count} />
      </dl>

      <section className="mt-8" aria-labelledby="overdue-now">
        <h2 id="overdue-now" className="text-lg font-semibold">
          Overdue now
        </h2>
        <p className="text-sm text-slate-700">
          Not contacted and past the due time, latest due first
          {board.overdue.count > board.overdue.items.length ? ` (the first ${board.overdue.items.length})` : ""}.
        </p>
        <Table
          caption={`Overdue ${what}`}
          columns={overdueColumns(board.promisedMinutes)}
          rows={board.overdue.items}
          rowKey={(item) => `${item.type}-${item.id}`}
          empty={`No ${what} are overdue.`}
        />
      </section>

      {board.byDay.length === 0 ? (
        <p className="mt-8 text-slate-700">Nothing arrived in these days.</p>
      ) : (
        <>
          <ChartWithTable
            title="Share within the promise, by day"
            chart={<ShareByDayChart board={board} />}
            table={
              <Table
                caption="Within the promise by day"
                showCaption
                columns={dayColumns}
                rows={board.byDay}
                rowKey={(row) => row.day}
                empty="Nothing arrived."
              />
            }
          />
          <ChartWithTable
            title="Minutes to first contact, by day (median and 90th percentile)"
            chart={<WaitByDayChart board={board} />}
            table={
              <Table
                caption="Minutes to first contact by day"
                showCaption
                columns={dayColumns}
                rows={board.byDay}
                rowKey={(row) => row.day}
                empty="Nothing arrived."
              />
            }
          />
          <ChartWithTable
            title="Share within the promise, by source"
            chart={<ShareBySourceChart board={board} />}
            table={
              <Table
                caption="Within the promise by source"
                showCaption
                columns={sourceColumns}
                rows={board.bySource}
                rowKey={(row) => row.source}
                empty="Nothing arrived."
              />
            }
          />
        </>
      )}
    </>
  );
}
