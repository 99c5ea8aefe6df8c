import { listPortalQuotes } from "#domain/quotes/portal-contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { runQuoteAction, type QuoteActionInput } from "../features/portal/quotes/quote-actions.ts";
import { PortalQuotes } from "../features/portal/quotes/portal-quotes.tsx";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/portal-quotes";

export const meta = () => appPageMeta("Quotes");

export const clientLoader = async ({ request }: Route.ClientLoaderArgs) =>
  call(listPortalQuotes, {}, { signal: request.signal });

export const clientAction = async ({ request }: Route.ClientActionArgs) =>
  runQuoteAction((await request.json()) as QuoteActionInput);

export const ErrorBoundary = RouteError;

export default function PortalQuotesRoute({ loaderData }: Route.ComponentProps) {
  return <PortalQuotes quotes={loaderData.quotes} vendorSlug={loaderData.vendorSlug} />;
}
