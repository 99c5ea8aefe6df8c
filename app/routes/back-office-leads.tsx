import { listLeads } from "#domain/leads/back-office-contracts.ts";
import { ListPager, useListView } from "../components/ui/list-controls.tsx";
import { RouteError } from "../components/ui/route-error.tsx";
import { LeadExport } from "../features/back-office/leads/lead-export.tsx";
import { LeadInboxTable } from "../features/back-office/leads/lead-inbox-table.tsx";
import { LeadListFilters } from "../features/back-office/leads/lead-list-filters.tsx";
import { leadSortParams, leadTableSort, readLeadView } from "../features/back-office/leads/lead-list-view.ts";
import { updateLeadFromForm } from "../features/back-office/leads/update-lead-action.ts";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import { meContext } from "../lib/session.ts";
import type { Route } from "./+types/back-office-leads";

export const meta = () => appPageMeta("Leads");

// The view (search, filters, sort, page) is in the URL: a change is a navigation, and this runs again.
export const clientLoader = async ({ request, context }: Route.ClientLoaderArgs) => {
  const view = readLeadView(new URL(request.url).searchParams);
  const { leads, page } = await call(listLeads, { query: view }, { signal: request.signal });
  const { cursor: _page, sort: _sort, dir: _dir, ...filters } = view;
  return { view, leads, page, filtered: Object.keys(filters).length > 0, meId: context.get(meContext).user.id };
};

export const clientAction = updateLeadFromForm;

export const ErrorBoundary = RouteError;

/** Every lead, newest first unless sorted otherwise, searchable and in pages; new ones past the promised callback time stand out. */
export default function BackOfficeLeads({ loaderData }: Route.ComponentProps) {
  const change = useListView();
  return (
    <>
      <h1 className="text-2xl font-bold">Leads</h1>
      <LeadListFilters view={loaderData.view} meId={loaderData.meId} />
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <LeadExport />
      </div>
      <ListPager page={loaderData.page} noun="leads" />
      <LeadInboxTable
        leads={loaderData.leads}
        filtered={loaderData.filtered}
        sort={leadTableSort(loaderData.view)}
        onSort={(sort) => void change(leadSortParams(sort))}
      />
    </>
  );
}
