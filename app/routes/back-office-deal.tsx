import {
  dealUpdateRequest,
  getBackOfficeDeal,
  listBackOfficeDealMessages,
  postBackOfficeDealMessage,
  updateBackOfficeDeal,
} from "#domain/deals/back-office-contracts.ts";
import { getAdverseAction } from "#domain/adverse-action/contracts.ts";
import { listRecordDuplicates } from "#domain/duplicates/contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { DealScreen, type DealActionResult } from "../features/back-office/deals/deal-screen.tsx";
import { ApiError, call, multipartForm } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/back-office-deal";

export const meta = () => appPageMeta("Deal");

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const input = { params: { id: params.id } };
  const options = { signal: request.signal };
  const record = { params: { type: "deal" as const, id: params.id } };
  const [detail, thread, adverseAction, duplicates] = await Promise.all([
    call(getBackOfficeDeal, input, options),
    call(listBackOfficeDealMessages, input, options),
    call(getAdverseAction, record, options),
    call(listRecordDuplicates, record, options),
  ]);
  return { detail, thread, adverseAction, duplicates: duplicates.links };
}

/**
 * The deal form (JSON, PATCH) or an answer to the vendor (multipart). A refusal is answered as
 * data for the screen to say; the deal and thread are then read again.
 */
export async function clientAction({ params, request }: Route.ClientActionArgs): Promise<DealActionResult> {
  const intent = request.headers.get("content-type")?.startsWith("application/json") ? "update" : "answer";
  try {
    if (intent === "update") {
      await call(updateBackOfficeDeal, {
        params: { id: params.id },
        body: dealUpdateRequest.parse(await request.json()),
      });
    } else {
      await call(postBackOfficeDealMessage, {
        params: { id: params.id },
        body: multipartForm(postBackOfficeDealMessage, await request.formData()),
      });
    }
    return { intent, ok: true, error: null };
  } catch (error) {
    if (error instanceof ApiError) return { intent, ok: false, error: error.message };
    throw error;
  }
}

export const ErrorBoundary = RouteError;

export default function BackOfficeDeal({ loaderData }: Route.ComponentProps) {
  return <DealScreen {...loaderData} />;
}
