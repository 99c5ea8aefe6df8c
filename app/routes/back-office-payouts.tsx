import { redirect } from "react-router";
import { buildPayoutBatch, buildPayoutBatchInput, getPayoutsOverview } from "#domain/payouts/back-office-contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import {
  PayoutsScreen,
  type BuildBatchAction,
  type BuildBatchResult,
} from "../features/back-office/payouts/payouts-screen.tsx";
import { ApiError, call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/back-office-payouts";

export const meta = () => appPageMeta("Payouts");

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  call(getPayoutsOverview, {}, { signal: request.signal });

/** Builds today's batch of what the staff member confirmed, then opens it. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<BuildBatchResult | Response> {
  const body = buildPayoutBatchInput.parse((await request.json()) as BuildBatchAction);
  try {
    const { batchId } = await call(buildPayoutBatch, { body });
    return redirect(`/back-office/payouts/${batchId}`);
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error: error.message };
    throw error;
  }
}

export const ErrorBoundary = RouteError;

export default function BackOfficePayouts({ loaderData }: Route.ComponentProps) {
  return <PayoutsScreen overview={loaderData} />;
}
