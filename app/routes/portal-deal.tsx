import { getPortalDealFunding } from "#domain/funding/portal-contracts.ts";
import {
  addPortalDealDocuments,
  getPortalDeal,
  listPortalDealMessages,
  markPortalDealRead,
  postPortalDealMessage,
} from "#domain/deals/portal-contracts.ts";
import { getPortalDealApproval } from "#domain/funders/deal-funder-contracts.ts";
import { listPortalDealStips, sendPortalStipFiles } from "#domain/stips/contracts.ts";
import { getPortalDealSigning } from "#domain/signing/portal-contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { PortalDealPage, type PortalDealActionResult } from "../features/portal/portal-deal-page.tsx";
import { ApiError, call, multipartForm } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/portal-deal";

export const meta = () => appPageMeta("Deal");

/**
 * Opening the page marks the deal read before any loader runs, so the list and the sidebar's
 * count (the layout's loader) already leave it out. A refusal is left to the loader to say.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ params }) => {
    try {
      await call(markPortalDealRead, { params: { id: params.id } });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  },
];

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const input = { params: { id: params.id } };
  const options = { signal: request.signal };
  const [page, thread, { approval }, { stips }, signing, { funding }] = await Promise.all([
    call(getPortalDeal, input, options),
    call(listPortalDealMessages, input, options),
    call(getPortalDealApproval, input, options),
    call(listPortalDealStips, input, options),
    call(getPortalDealSigning, input, options),
    call(getPortalDealFunding, input, options),
  ]);
  return { page, thread, approval, stips, signing: signing.package, funding };
}

/** A message to the credit team, documents added later or a stip's files (all multipart); a refusal is answered as data. */
export async function clientAction({ params, request }: Route.ClientActionArgs): Promise<PortalDealActionResult> {
  const form = await request.formData();
  const intent = form.get("intent") === "documents" ? "documents" : form.get("intent") === "stip" ? "stip" : "message";
  try {
    if (intent === "stip")
      await call(sendPortalStipFiles, {
        params: { id: params.id, stipId: String(form.get("stipId")) },
        body: multipartForm(sendPortalStipFiles, form),
      });
    else if (intent === "message")
      await call(postPortalDealMessage, {
        params: { id: params.id },
        body: multipartForm(postPortalDealMessage, form),
      });
    else
      await call(addPortalDealDocuments, {
        params: { id: params.id },
        body: multipartForm(addPortalDealDocuments, form),
      });
    return { intent, ok: true, error: null };
  } catch (error) {
    if (error instanceof ApiError) return { intent, ok: false, error: error.message };
    throw error;
  }
}

export const ErrorBoundary = RouteError;

export default function PortalDeal({ loaderData }: Route.ComponentProps) {
  return <PortalDealPage {...loaderData} />;
}
