import { useCallback, useEffect, useState } from "react";
import { Link, useOutletContext } from "react-router";
import type { Me } from "#domain/api/me.ts";
import { dateRange } from "#domain/forms/date-range.ts";
import { leadStatuses, leadTypeLabels, type LeadInboxItem, type LeadStatus } from "#domain/leads/lead-inbox.ts";
import { SelectField } from "../components/ui/select-field.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { useConfirmIdentity } from "../features/back-office/confirm-identity.tsx";
import { apiRequest } from "../lib/api.ts";
import { appPageMeta } from "../lib/page-meta.ts";

export const meta = () => appPageMeta("Leads");

function age(createdAt: string): string {
  const minutes = Math.max(0, Math.round((Date.now() - new Date(createdAt).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h ago`;
  return `${Math.round(minutes / 1440)} days ago`;
}

/** Every lead, newest first; new ones past the promised callback time stand out. */
export default function BackOfficeLeads() {
  const me = useOutletContext<Me>();
  const [status, setStatus] = useState("");
  const [from, setFrom] = useState(() => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10));
  const [leads, setLeads] = useState<LeadInboxItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const today = new Date().toISOString().slice(0, 10);
  const load = useCallback(() => {
    apiRequest<{ leads: LeadInboxItem[] }>(`/api/back-office/leads${status ? `?status=${status}` : ""}`)
      .then((data) => setLeads(data.leads))
      .catch((failure: Error) => setError(failure.message));
  }, [status]);
  useEffect(load, [load]);

  const [to, setTo] = useState(today);
  const identity = useConfirmIdentity();
  // Exports need a fresh factor: confirm first (if needed), then let the browser download the file.
  const download = async (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const href = event.currentTarget.href;
    // The export's own schema: an impossible or reversed range is said here, not answered as a JSON file.
    const range = dateRange.safeParse({ from, to });
    if (!range.success) return setError(range.error.issues[0]?.message ?? "Please check the dates.");
    setError(null);
    if (await identity.confirmed()) window.location.assign(href);
  };
  const setLeadStatus = async (lead: LeadInboxItem, next: LeadStatus) => {
    await apiRequest(`/api/back-office/leads/${lead.type}/${lead.id}`, { method: "PATCH", body: { status: next } });
    load();
  };
  const assignToMe = async (lead: LeadInboxItem) => {
    await apiRequest(`/api/back-office/leads/${lead.type}/${lead.id}`, { method: "PATCH", body: { assigneeUserId: me.user.id } });
    load();
  };

  return (
    <>
      <h1 className="text-2xl font-bold">Leads</h1>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <SelectField label="Status" placeholder="All" options={leadStatuses.map((value) => ({ value, label: value }))} value={status} onChange={(event) => setStatus(event.target.value)} />
        <TextField label="Export from" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        <TextField label="Export to" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        <a className="min-h-11 py-2 text-brand-700 underline" href={`/api/back-office/export/leads.csv?from=${from}&to=${to}`} onClick={download}>
          Export leads (CSV)
        </a>
        <a className="min-h-11 py-2 text-brand-700 underline" href={`/api/back-office/export/deals.csv?from=${from}&to=${to}`} onClick={download}>
          Export deals (CSV)
        </a>
      </div>
      {identity.dialog}
      {error ? <p role="alert" className="mt-4 text-red-800">{error}</p> : null}
      {leads === null ? <p role="status" className="mt-4">Loading…</p> : null}
      {leads ? (
        <table className="mt-4 w-full border-collapse text-left text-sm">
          <caption className="sr-only">Leads</caption>
          <thead>
            <tr className="border-b-2">
              <th scope="col" className="p-2">Lead</th>
              <th scope="col" className="p-2">Kind</th>
              <th scope="col" className="p-2">Contact</th>
              <th scope="col" className="p-2">Arrived</th>
              <th scope="col" className="p-2">Status</th>
            </tr>
          </thead>
          <tbody>
            {leads.map((lead) => (
              <tr key={`${lead.type}-${lead.id}`} className={`border-b ${lead.overdue ? "bg-red-50" : ""}`}>
                <th scope="row" className="p-2">
                  {lead.type === "credit-application" ? (
                    <Link to={`/back-office/credit-applications/${lead.id}`} className="text-brand-700 underline">
                      {lead.title}
                    </Link>
                  ) : (
                    lead.title
                  )}
                  {lead.overdue ? <span className="ml-2 rounded bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white">Overdue</span> : null}
                </th>
                <td className="p-2">{leadTypeLabels[lead.type]}</td>
                <td className="p-2">{lead.contact}</td>
                <td className="p-2">{age(lead.createdAt)}</td>
                <td className="p-2">
                  <label className="sr-only" htmlFor={`status-${lead.id}`}>
                    Status of {lead.title}
                  </label>
                  <select id={`status-${lead.id}`} className="min-h-11 rounded border-2 border-slate-500 px-2" value={lead.status} onChange={(event) => setLeadStatus(lead, event.target.value as LeadStatus)}>
                    {leadStatuses.map((value) => (
                      <option key={value} value={value}>
                        {value}
                      </option>
                    ))}
                  </select>
                  {lead.assignee ? (
                    <span className="block text-xs">{lead.assignee}</span>
                  ) : (
                    <button type="button" className="block min-h-6 text-xs text-brand-700 underline" onClick={() => assignToMe(lead)} aria-label={`Assign ${lead.title} to me`}>
                      Assign to me
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
