import { listAuditEntries, type AuditEntry } from "#domain/api/audit.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { Table, type TableColumn } from "../components/ui/table.tsx";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/back-office-audit";

export const meta = () => appPageMeta("Audit log");

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => call(listAuditEntries, {}, { signal: request.signal });

export const ErrorBoundary = RouteError;

const columns: TableColumn<AuditEntry>[] = [
  { key: "at", header: "When", cell: (entry) => new Date(entry.at).toLocaleString("en-US"), className: "whitespace-nowrap" },
  { key: "action", header: "Action", cell: (entry) => entry.action },
  { key: "actor", header: "Who", cell: (entry) => entry.actor ?? "—" },
  { key: "subject", header: "Subject", cell: (entry) => entry.subject ?? "—", className: "break-all" },
  { key: "ip", header: "Address", cell: (entry) => entry.ipAddress ?? "—" },
];

export default function BackOfficeAudit({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold">Audit log</h1>
      <p className="mt-1 text-slate-700">Sign-ins, failed sign-ins, account changes, stage changes, reveals, downloads, exports and purges. Entries cannot be changed.</p>
      <Table caption="Audit entries" columns={columns} rows={loaderData.entries} rowKey={(entry) => entry.id} empty="No entries yet." />
    </>
  );
}
