import { listPortalApiKeys } from "#domain/api-keys/contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { runPortalApiKeyAction } from "../features/api-keys/api-key-actions.ts";
import { ApiKeysTable } from "../features/api-keys/api-keys-table.tsx";
import { NewApiKey } from "../features/api-keys/new-api-key.tsx";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/portal-api-keys";

export const meta = () => appPageMeta("API keys");

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  call(listPortalApiKeys, {}, { signal: request.signal });

export const clientAction = async ({ request }: Route.ClientActionArgs) =>
  runPortalApiKeyAction(await request.formData());

export const ErrorBoundary = RouteError;

export default function PortalApiKeys({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold">API keys</h1>
      <p className="mt-1 max-w-prose text-slate-700">
        Your own CRM or dealer-management system can submit and follow your company&apos;s deals with a key. How to use
        it:{" "}
        <a href="/api/v1/docs" className="text-brand-700 underline">
          the API documentation
        </a>
        .
      </p>
      <NewApiKey />
      <h2 className="mt-6 text-xl font-semibold">Your company&apos;s keys</h2>
      <ApiKeysTable keys={loaderData.keys} />
    </>
  );
}
