import { listBackOfficeApiKeys } from "#domain/api-keys/contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { runBackOfficeApiKeyAction } from "../features/api-keys/api-key-actions.ts";
import { ApiKeysTable } from "../features/api-keys/api-keys-table.tsx";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/back-office-api-keys";

export const meta = () => appPageMeta("API keys");

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  call(listBackOfficeApiKeys, {}, { signal: request.signal });

export const clientAction = async ({ request }: Route.ClientActionArgs) =>
  runBackOfficeApiKeyAction(await request.formData());

export const ErrorBoundary = RouteError;

export default function BackOfficeApiKeys({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold">API keys</h1>
      <p className="mt-1 max-w-prose text-slate-700">
        Every vendor company&apos;s API keys in use. Revoking one refuses it from its next request on (audited).
      </p>
      <ApiKeysTable keys={loaderData.keys} showCompany />
    </>
  );
}
