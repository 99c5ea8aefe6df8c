import { listPortalWebhooks } from "#domain/webhooks/portal-contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { WebhooksPage } from "../features/portal/webhooks/webhooks-page.tsx";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/portal-webhooks";

export const meta = () => appPageMeta("Webhooks");

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  call(listPortalWebhooks, {}, { signal: request.signal });

export const ErrorBoundary = RouteError;

export default function PortalWebhooks({ loaderData }: Route.ComponentProps) {
  return <WebhooksPage endpoints={loaderData.endpoints} />;
}
