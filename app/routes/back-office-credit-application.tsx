import { getCreditApplication } from "#domain/api/back-office-leads.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { CreditApplicationDetailView } from "../features/back-office/leads/credit-application-detail.tsx";
import { call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/back-office-credit-application";

export const meta = () => appPageMeta("Credit application");

export const clientLoader = ({ params, request }: Route.ClientLoaderArgs) => call(getCreditApplication, { params: { id: params.id } }, { signal: request.signal });

export const ErrorBoundary = RouteError;

export default function BackOfficeCreditApplication({ loaderData }: Route.ComponentProps) {
  // A new application starts with nothing revealed.
  return <CreditApplicationDetailView key={loaderData.id} detail={loaderData} />;
}
