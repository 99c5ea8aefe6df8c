import { Link } from "react-router";
import type { LeadInboxItem } from "#domain/leads/back-office-contracts.ts";
import { leadTypeLabels } from "#domain/leads/lead-inbox.ts";
import { afterHoursNote } from "#domain/response-times/response-promise.ts";
import { Table, type TableColumn, type TableSort } from "../../../components/ui/table.tsx";
import { brand } from "../../../lib/public-config.ts";
import { leadPath } from "./lead-detail-screen.tsx";
import { LeadStatusControl } from "./lead-status-control.tsx";

function age(createdAt: string): string {
  const minutes = Math.max(0, Math.round((Date.now() - new Date(createdAt).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h ago`;
  return `${Math.round(minutes / 1440)} days ago`;
}

/** A new lead that arrived after the credit team's hours says when it is due: the next business morning. */
function AfterHours({ lead }: { lead: LeadInboxItem }) {
  const note = afterHoursNote(
    new Date(lead.createdAt),
    new Date(lead.dueAt),
    brand.claims.leadCallbackMinutes,
    brand.timeZone,
  );
  return note ? <span className="ml-2 block text-sm text-slate-700 sm:inline">{note}</span> : null;
}

const columns: TableColumn<LeadInboxItem>[] = [
  {
    key: "lead",
    header: "Lead",
    rowHeader: true,
    sortable: true,
    cell: (lead) => (
      <>
        {/* Every lead has its page: all its fields, a long message whole, notes and history. */}
        <Link to={leadPath(lead)} className="text-brand-700 underline">
          {lead.title}
        </Link>
        {lead.overdue ? (
          <span className="ml-2 rounded bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white">Overdue</span>
        ) : null}
        {lead.status === "new" && !lead.overdue ? <AfterHours lead={lead} /> : null}
      </>
    ),
  },
  { key: "kind", header: "Kind", cell: (lead) => leadTypeLabels[lead.type] },
  { key: "contact", header: "Contact", cell: (lead) => lead.contact },
  { key: "arrived", header: "Arrived", sortable: true, cell: (lead) => age(lead.createdAt) },
  { key: "status", header: "Status", cell: (lead) => <LeadStatusControl lead={lead} /> },
];

/** A page of leads, sorted by the server (the sort is in the URL); new ones past the promised callback time are marked Overdue. */
export function LeadInboxTable({
  leads,
  filtered,
  sort,
  onSort,
}: {
  leads: readonly LeadInboxItem[];
  filtered: boolean;
  sort: TableSort;
  onSort: (sort: TableSort) => void;
}) {
  return (
    <Table
      caption="Leads"
      columns={columns}
      sort={sort}
      onSort={onSort}
      rows={leads}
      rowKey={(lead) => `${lead.type}-${lead.id}`}
      rowClassName={(lead) => (lead.overdue ? "bg-red-50" : "")}
      empty={filtered ? "No leads match." : "No leads yet."}
    />
  );
}
