import { Link } from "react-router";
import { listVendorCompanies } from "#domain/vendors/contracts.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { ListFilters, ListPager, useListView } from "../components/ui/list-controls.tsx";
import { Empty } from "../components/ui/page-state.tsx";
import { RouteError } from "../components/ui/route-error.tsx";
import { SelectField } from "../components/ui/select-field.tsx";
import { runVendorAction } from "../features/back-office/vendors/vendor-actions.ts";
import { VendorCompanyUsers } from "../features/back-office/vendors/vendor-company-users.tsx";
import { readVendorView, vendorSortOptions } from "../features/back-office/vendors/vendor-list-view.ts";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import { meContext } from "../lib/session.ts";
import type { Route } from "./+types/back-office-vendors";

export const meta = () => appPageMeta("Vendors");

// The view (search, sort, page) is in the URL: changing it is a navigation, and this runs again.
export async function clientLoader({ request, context }: Route.ClientLoaderArgs) {
  const view = readVendorView(new URL(request.url).searchParams);
  const list = await call(listVendorCompanies, { query: view }, { signal: request.signal });
  return {
    view,
    companies: list.companies,
    page: list.page,
    admin: context.get(meContext).user.role === authRoles.admin,
  };
}

export const clientAction = async ({ request }: Route.ClientActionArgs) => runVendorAction(await request.formData());

export const ErrorBoundary = RouteError;

export default function BackOfficeVendors({ loaderData }: Route.ComponentProps) {
  const { view, companies, page, admin } = loaderData;
  const change = useListView();
  return (
    <>
      <h1 className="text-2xl font-bold">Vendors</h1>
      <p className="mt-1">
        <Link to="/VendorSignUp" className="text-brand-700 underline">
          Create a vendor account
        </Link>
      </p>
      <ListFilters name="Search vendors" q={view.q ?? ""} help="Company name, user name or e-mail">
        <SelectField
          label="Sort"
          options={vendorSortOptions}
          value={view.sort ?? "name"}
          onChange={(event) => void change({ sort: event.target.value === "name" ? "" : event.target.value, dir: "" })}
        />
      </ListFilters>
      <ListPager page={page} noun="vendor companies" />
      {companies.length === 0 ? (
        <Empty>{view.q ? "No vendor company matches." : "No vendor companies yet."}</Empty>
      ) : null}
      {companies.map((company) => (
        <VendorCompanyUsers key={company.id} company={company} admin={admin} />
      ))}
    </>
  );
}
