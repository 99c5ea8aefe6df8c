import { getPayoutAccount } from "#domain/payout-accounts/portal-contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { runPayoutAccountAction } from "../features/portal/payout-account/payout-account-actions.ts";
import { PayoutAccountScreen } from "../features/portal/payout-account/payout-account-screen.tsx";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import { brand } from "../lib/public-config.ts";
import type { Route } from "./+types/portal-payout-account";

export const meta = () => appPageMeta("Payout account");

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const page = await call(getPayoutAccount, {}, { signal: request.signal });
  return { ...page, timeZone: brand.timeZone };
}

export const clientAction = async ({ request }: Route.ClientActionArgs) =>
  runPayoutAccountAction(await request.formData());

export const ErrorBoundary = RouteError;

export default function PortalPayoutAccount({ loaderData }: Route.ComponentProps) {
  return <PayoutAccountScreen page={loaderData} />;
}
