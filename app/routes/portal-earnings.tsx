import { getPortalEarnings } from "#domain/earnings/portal-contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { EarningsScreen } from "../features/portal/earnings/earnings-screen.tsx";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/portal-earnings";

export const meta = () => appPageMeta("Earnings");

// ?month=YYYY-MM: the month whose deals are listed (none: this month).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const month = new URL(request.url).searchParams.get("month");
  const query = month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? { month } : {};
  return { earnings: await call(getPortalEarnings, { query }, { signal: request.signal }) };
}

export const ErrorBoundary = RouteError;

export default function PortalEarnings({ loaderData }: Route.ComponentProps) {
  return <EarningsScreen earnings={loaderData.earnings} />;
}
