import { Link } from "react-router";
import { listVendorCompanies } from "#domain/api/vendors.ts";
import { Empty } from "../components/ui/page-state.tsx";
import { RouteError } from "../components/ui/route-error.tsx";
import { runVendorAction } from "../features/back-office/vendors/vendor-actions.ts";
import { VendorCompanyUsers } from "../features/back-office/vendors/vendor-company-users.tsx";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/back-office-vendors";

export const meta = () => appPageMeta("Vendors");

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => call(listVendorCompanies, {}, { signal: request.signal });

export const clientAction = async ({ request }: Route.ClientActionArgs) => runVendorAction(await request.formData());

export const ErrorBoundary = RouteError;

export default function BackOfficeVendors({ loaderData }: Route.ComponentProps) {
  const { companies } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold">Vendors</h1>
      <p className="mt-1">
        <Link to="/VendorSignUp" className="text-brand-700 underline">
          Create a vendor account
        </Link>
      </p>
      {companies.length === 0 ? <Empty>No vendor companies yet.</Empty> : null}
      {companies.map((company) => (
        <VendorCompanyUsers key={company.id} company={company} />
      ))}
    </>
  );
}
