import { Link } from "react-router";
import { getVendorPayoutAccount } from "#domain/payout-accounts/back-office-contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { PayoutAccountSection } from "../features/back-office/payout-accounts/payout-account-section.tsx";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import { brand } from "../lib/public-config.ts";
import type { Route } from "./+types/back-office-vendor-payout-account";

export const meta = () => appPageMeta("Payout account");

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return call(getVendorPayoutAccount, { params: { companyId: params.companyId } }, { signal: request.signal });
}

export const ErrorBoundary = RouteError;

export default function BackOfficeVendorPayoutAccount({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <p>
        <Link to="/back-office/vendors" className="text-brand-700 underline">
          Vendors
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{loaderData.companyName}</h1>
      <PayoutAccountSection data={loaderData} timeZone={brand.timeZone} />
    </>
  );
}
