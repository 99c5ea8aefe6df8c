import { Link } from "react-router";
import { listDeclinesDue, type DeclineDue } from "#domain/adverse-action/contracts.ts";
import { formatCalendarDate } from "#domain/site/business-time.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { Table, type TableColumn } from "../components/ui/table.tsx";
import { daysLeftText } from "../features/back-office/adverse-action/adverse-action-section.tsx";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/back-office-declines-due";

export const meta = () => appPageMeta("Declines due");

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  call(listDeclinesDue, {}, { signal: request.signal });

export const ErrorBoundary = RouteError;

const path = (row: DeclineDue) =>
  row.type === "deal" ? `/back-office/deals/${row.id}` : `/back-office/leads/credit-application/${row.id}`;

const columns: TableColumn<DeclineDue>[] = [
  {
    key: "business",
    header: "Business",
    rowHeader: true,
    cell: (row) => (
      <Link to={path(row)} className="break-words text-brand-700 underline">
        {row.businessName}
      </Link>
    ),
  },
  {
    key: "kind",
    header: "File",
    cell: (row) => (row.type === "deal" ? `Deal ${row.reference}` : "Credit application"),
  },
  { key: "complete", header: "Application complete", cell: (row) => formatCalendarDate(row.completedOn) },
  { key: "declined", header: "Declined on", cell: (row) => formatCalendarDate(row.decidedOn) },
  { key: "due", header: "Notice due by", cell: (row) => formatCalendarDate(row.dueOn) },
  {
    key: "left",
    header: "Days left",
    cell: (row) =>
      row.daysLeft < 0 ? (
        <strong className="text-red-800">{daysLeftText(row.daysLeft)}</strong>
      ) : (
        daysLeftText(row.daysLeft)
      ),
  },
];

export default function BackOfficeDeclinesDue({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold">Declines due</h1>
      <p className="mt-1 text-slate-700">
        Declined deals and credit applications whose adverse-action notice has not been sent: a business is owed it
        within 30 days after its application was complete (12 CFR 1002.9(a)(1)), whenever it was declined. The earliest
        due first.
      </p>
      <Table
        caption="Declines waiting for a notice"
        columns={columns}
        rows={loaderData.declines}
        rowKey={(row) => `${row.type}-${row.id}`}
        rowClassName={(row) => (row.daysLeft < 0 ? "bg-red-50" : "")}
        empty="Every declined file has its notice."
      />
    </>
  );
}
