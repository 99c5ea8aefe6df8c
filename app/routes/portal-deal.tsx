import { addPortalDealDocuments, getPortalDeal, listPortalDealMessages, markPortalDealRead, postPortalDealMessage } from "#domain/deals/portal-contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { PortalDealPage, type PortalDealActionResult } from "../features/portal/portal-deal-page.tsx";
import { ApiError, call } from "../lib/call.ts";
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
  const [page, thread] = await Promise.all([call(getPortalDeal, input, options), call(listPortalDealMessages, input, options)]);
  return { page, thread };
}

/** A message to the credit team or documents added later (both multipart); a refusal is answered as data. */
export async function clientAction({ params, request }: Route.ClientActionArgs): Promise<PortalDealActionResult> {
  const form = await request.formData();
  const intent = form.get("intent") === "documents" ? "documents" : "message";
  const body = new FormData();
  try {
    if (intent === "message") {
      body.append("body", String(form.get("body") ?? ""));
      for (const file of form.getAll("attachment")) if (file instanceof File) body.append("attachment", file, file.name);
      await call(postPortalDealMessage, { params: { id: params.id }, body });
    } else {
      for (const file of form.getAll("document")) if (file instanceof File) body.append("document", file, file.name);
      await call(addPortalDealDocuments, { params: { id: params.id }, body });
    }
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
