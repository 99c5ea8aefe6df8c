import { listLeads } from "#domain/api/back-office-leads.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { LeadExport } from "../features/back-office/leads/lead-export.tsx";
import { LeadInboxTable } from "../features/back-office/leads/lead-inbox-table.tsx";
import { LeadStatusFilter, statusFilterOf } from "../features/back-office/leads/lead-status-filter.tsx";
import { updateLeadFromForm } from "../features/back-office/leads/update-lead-action.ts";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/back-office-leads";

export const meta = () => appPageMeta("Leads");

export const clientLoader = async ({ request }: Route.ClientLoaderArgs) => {
  const status = statusFilterOf(new URL(request.url).searchParams);
  const { leads } = await call(listLeads, { query: { status } }, { signal: request.signal });
  return { leads, filtered: status !== undefined };
};

export const clientAction = updateLeadFromForm;

export const ErrorBoundary = RouteError;

/** Every lead, newest first; new ones past the promised callback time stand out. */
export default function BackOfficeLeads({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold">Leads</h1>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <LeadStatusFilter />
        <LeadExport />
      </div>
      <LeadInboxTable leads={loaderData.leads} filtered={loaderData.filtered} />
    </>
  );
}
