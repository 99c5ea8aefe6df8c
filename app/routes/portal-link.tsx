import { getVendorLink } from "#domain/partners/portal-contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { VendorLinkScreen } from "../features/portal/vendor-link-screen.tsx";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/portal-link";

export const meta = () => appPageMeta("Your link");

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return call(getVendorLink, {}, { signal: request.signal });
}

export const ErrorBoundary = RouteError;

export default function PortalLink({ loaderData }: Route.ComponentProps) {
  return <VendorLinkScreen link={loaderData} />;
}
