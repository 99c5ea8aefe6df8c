import { Link } from "react-router";
import { listCompanyEarnings } from "#domain/earnings/back-office-contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { CompanyEarningsTable } from "../features/back-office/earnings/company-earnings-table.tsx";
import { runPayoutModeAction } from "../features/back-office/earnings/payout-mode-action.ts";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/back-office-earnings";

export const meta = () => appPageMeta("Earnings");

// ?month=YYYY-MM: one business month (none: all time).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const month = new URL(request.url).searchParams.get("month");
  const query = month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? { month } : {};
  return { earnings: await call(listCompanyEarnings, { query }, { signal: request.signal }) };
}

// The vendors screen's "Earnings paid" posts here (its own route would cost every page's manifest a route).
export const clientAction = async ({ request }: Route.ClientActionArgs) =>
  runPayoutModeAction(await request.formData());

export const ErrorBoundary = RouteError;

export default function BackOfficeEarnings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold">Earnings</h1>
      <p className="mt-1">
        Dealers&apos; earnings per company: accrued when a deal funds, paid, clawed back.{" "}
        <Link to="/back-office/earnings/tiers" className="text-brand-700 underline">
          The tiers and windows
        </Link>
      </p>
      <CompanyEarningsTable earnings={loaderData.earnings} />
    </>
  );
}
