import { Navigate } from "react-router";
import { listPortalDealMessages, postPortalDealMessage } from "#domain/deals/portal-contracts.ts";
import type { DealMessageSent, DealThreadLoad } from "../features/portal/funding-communication-dialog.tsx";
import { ApiError, call, multipartForm } from "../lib/call.ts";
import type { Route } from "./+types/portal-deal-messages";

// A deal's thread for the Funding Communication dialog (read by a fetcher) and the vendor's message
// (a fetcher's multipart submit). Failures are answered as data, so the dialog says them itself.

export async function clientLoader({ params, request }: Route.ClientLoaderArgs): Promise<DealThreadLoad> {
  try {
    const thread = await call(listPortalDealMessages, { params: { id: params.id } }, { signal: request.signal });
    return { dealId: params.id, thread, error: null };
  } catch (error) {
    if (error instanceof ApiError) return { dealId: params.id, thread: null, error: error.message };
    throw error;
  }
}

export async function clientAction({ params, request }: Route.ClientActionArgs): Promise<DealMessageSent> {
  const body = multipartForm(postPortalDealMessage, await request.formData());
  try {
    await call(postPortalDealMessage, { params: { id: params.id }, body });
    return { sent: true, error: null };
  } catch (error) {
    if (error instanceof ApiError) return { sent: false, error: error.message };
    throw error;
  }
}

/** Opened directly, the thread has no page of its own: back to the portal. */
export default function PortalDealMessages() {
  return <Navigate to="/portal" replace />;
}
