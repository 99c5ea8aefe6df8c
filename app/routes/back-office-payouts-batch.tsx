import { getPayoutBatch, recordPayoutReturn, recordReturnInput } from "#domain/payouts/back-office-contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import {
  PayoutBatchScreen,
  type RecordReturnAction,
  type RecordReturnResult,
} from "../features/back-office/payouts/payout-batch-screen.tsx";
import { ApiError, call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/back-office-payouts-batch";

export const meta = () => appPageMeta("Payout batch");

export const clientLoader = ({ request, params }: Route.ClientLoaderArgs) =>
  call(getPayoutBatch, { params: { id: params.batchId } }, { signal: request.signal });

/** A return recorded against one entry; the batch is read again after. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<RecordReturnResult> {
  const action = (await request.json()) as RecordReturnAction;
  try {
    await call(recordPayoutReturn, {
      params: { id: action.entryId },
      body: recordReturnInput.parse({ returnCode: action.returnCode, note: action.note }),
    });
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error: error.message };
    throw error;
  }
}

export const ErrorBoundary = RouteError;

export default function BackOfficePayoutsBatch({ loaderData }: Route.ComponentProps) {
  return <PayoutBatchScreen view={loaderData} />;
}
