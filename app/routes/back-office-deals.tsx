import { DIRECT_COMPANY, listBackOfficeDeals } from "#domain/deals/back-office-contracts.ts";
import { directDealVendor } from "#domain/deals/direct-deals.ts";
import { listVendorCompanyOptions } from "#domain/vendors/contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { DealList } from "../features/back-office/deals/deal-list.tsx";
import { readDealView } from "../features/back-office/deals/deal-filters.ts";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/back-office-deals";

export const meta = () => appPageMeta("Deals");

// The view (search, filters, sort, page) is in the URL: changing it is a navigation, and this runs again.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const view = readDealView(new URL(request.url).searchParams);
  const options = { signal: request.signal };
  const [list, vendors] = await Promise.all([
    call(listBackOfficeDeals, { query: view }, options),
    call(listVendorCompanyOptions, {}, options),
  ]);
  return {
    view,
    deals: list.deals,
    page: list.page,
    // "Direct": the deals staff opened from a lead, which have no vendor.
    companies: [
      { value: DIRECT_COMPANY, label: `${directDealVendor} (no vendor)` },
      ...vendors.companies.map((company) => ({ value: company.id, label: company.name })),
    ],
  };
}

export const ErrorBoundary = RouteError;

export default function BackOfficeDeals({ loaderData }: Route.ComponentProps) {
  return <DealList {...loaderData} />;
}
