import { auditQuery, listAuditEntries, type AuditEntry, type AuditQuery } from "#domain/audit/contracts.ts";
import { DateRangeFilter, ListFilters, ListPager, useListView } from "../components/ui/list-controls.tsx";
import { RouteError } from "../components/ui/route-error.tsx";
import { Table, type TableColumn } from "../components/ui/table.tsx";
import { call } from "../lib/call.ts";
import { readListParams } from "../lib/list-url.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/back-office-audit";

export const meta = () => appPageMeta("Audit log");

const keys = ["q", "from", "to", "dir", "cursor"] as const;

// The view (search, days, order, page) is in the URL, so a view can be shared.
export const clientLoader = async ({ request }: Route.ClientLoaderArgs) => {
  const view = readListParams(auditQuery, new URL(request.url).searchParams, keys) as AuditQuery;
  return { view, ...(await call(listAuditEntries, { query: view }, { signal: request.signal })) };
};

export const ErrorBoundary = RouteError;

const columns: TableColumn<AuditEntry>[] = [
  {
    key: "at",
    header: "When",
    sortable: true,
    cell: (entry) => new Date(entry.at).toLocaleString("en-US"),
    className: "whitespace-nowrap",
  },
  { key: "action", header: "Action", cell: (entry) => entry.action },
  { key: "actor", header: "Who", cell: (entry) => entry.actor ?? "—" },
  { key: "subject", header: "Subject", cell: (entry) => entry.subject ?? "—", className: "break-all" },
  { key: "ip", header: "Address", cell: (entry) => entry.ipAddress ?? "—" },
];

export default function BackOfficeAudit({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  const change = useListView();
  return (
    <>
      <h1 className="text-2xl font-bold">Audit log</h1>
      <p className="mt-1 text-slate-700">
        Sign-ins, failed sign-ins, account changes, stage changes, reveals, downloads, exports and purges. Entries
        cannot be changed.
      </p>
      <ListFilters name="Search the audit log" q={view.q ?? ""} help="Action, subject or who (e-mail)">
        <DateRangeFilter verb="Logged" from={view.from ?? ""} to={view.to ?? ""} />
      </ListFilters>
      <ListPager page={loaderData.page} noun="entries" />
      <Table
        caption="Audit entries"
        columns={columns}
        rows={loaderData.entries}
        rowKey={(entry) => entry.id}
        empty={view.q || view.from || view.to ? "No entries match." : "No entries yet."}
        sort={{ key: "at", direction: view.dir === "asc" ? "ascending" : "descending" }}
        onSort={(sort) => void change({ dir: sort.direction === "ascending" ? "asc" : "desc" })}
      />
    </>
  );
}
