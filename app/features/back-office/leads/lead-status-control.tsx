import { useFetcher } from "react-router";
import type { LeadInboxItem } from "#domain/leads/back-office-contracts.ts";
import { leadStatuses } from "#domain/leads/lead-inbox.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import type { LeadUpdateResult } from "./update-lead-action.ts";

/** A lead's status and assignee, changed through the route's action; the new status shows at once. */
export function LeadStatusControl({ lead }: { lead: LeadInboxItem }) {
  const fetcher = useFetcher<LeadUpdateResult>();
  const pendingStatus = fetcher.formData?.get("status");
  const status = typeof pendingStatus === "string" ? pendingStatus : lead.status;
  const assigning = fetcher.formData?.get("intent") === "assign";
  return (
    <>
      <label className="sr-only" htmlFor={`status-${lead.id}`}>
        Status of {lead.title}
      </label>
      <select
        id={`status-${lead.id}`}
        className="min-h-11 rounded border-2 border-slate-500 px-2"
        value={status}
        onChange={(event) =>
          void fetcher.submit({ type: lead.type, id: lead.id, status: event.target.value }, { method: "post" })
        }
      >
        {leadStatuses.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
      {lead.assignee ? (
        <span className="block text-xs">{lead.assignee}</span>
      ) : (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="assign" />
          <input type="hidden" name="type" value={lead.type} />
          <input type="hidden" name="id" value={lead.id} />
          <button
            type="submit"
            className="block min-h-6 text-xs text-brand-700 underline"
            disabled={assigning}
            aria-label={`Assign ${lead.title} to me`}
          >
            Assign to me
          </button>
        </fetcher.Form>
      )}
      {fetcher.state === "idle" && fetcher.data && "error" in fetcher.data ? (
        <Alert className="mt-1 text-xs">{fetcher.data.error}</Alert>
      ) : null}
    </>
  );
}
