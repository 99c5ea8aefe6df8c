import { data, redirect } from "react-router";
import { getAdverseAction } from "#domain/adverse-action/contracts.ts";
import { listRecordDuplicates } from "#domain/duplicates/contracts.ts";
import {
  getLead,
  leadParams,
  leadUpdateRequest,
  openDealFromLead,
  updateLead,
  type LeadUpdateRequest,
} from "#domain/leads/back-office-contracts.ts";
import { leadTypeLabels } from "#domain/leads/lead-inbox.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { LeadDetailScreen } from "../features/back-office/leads/lead-detail-screen.tsx";
import type { LeadWorkChange, LeadWorkResult } from "../features/back-office/leads/lead-handling.tsx";
import { openDealIntent, type OpenDealResult } from "../features/back-office/leads/lead-deal.tsx";
import { isDealFromLeadType } from "#domain/deals/direct-deals.ts";
import { ApiError, call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import { meContext } from "../lib/session.ts";
import type { Route } from "./+types/back-office-lead";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  appPageMeta(loaderData ? leadTypeLabels[loaderData.lead.type] : "Lead");

/** A kind or id that cannot name a lead is a 404 here, before any request. */
function parseParams(params: Route.ClientLoaderArgs["params"]) {
  const parsed = leadParams.safeParse(params);
  if (!parsed.success) throw data("No such lead.", { status: 404 });
  return parsed.data;
}

export async function clientLoader({ params, request, context }: Route.ClientLoaderArgs) {
  const parsed = parseParams(params);
  const options = { signal: request.signal };
  // A credit application has a decision and, declined, a notice; it and a calculator lead may be duplicates.
  const [lead, adverseAction, duplicates] = await Promise.all([
    call(getLead, { params: parsed }, options),
    parsed.type === "credit-application"
      ? call(getAdverseAction, { params: { type: "credit-application", id: parsed.id } }, options)
      : null,
    parsed.type === "credit-application" || parsed.type === "calculator"
      ? call(listRecordDuplicates, { params: { type: parsed.type, id: parsed.id } }, options)
      : null,
  ]);
  return { lead, meId: context.get(meContext).user.id, adverseAction, duplicates: duplicates?.links ?? [] };
}

/** "Open a deal": the lead's deal, new or the one it has, and then its page; a refusal is answered for the screen to say. */
async function openDeal(params: Route.ClientActionArgs["params"]): Promise<OpenDealResult | Response> {
  const { type, id } = parseParams(params);
  if (!isDealFromLeadType(type))
    return { openDeal: true, error: "A deal is opened from a credit application or calculator lead." };
  try {
    const opened = await call(openDealFromLead, { params: { type, id } });
    return redirect(`/back-office/deals/${opened.dealId}`);
  } catch (error) {
    if (error instanceof ApiError) return { openDeal: true, error: error.message };
    throw error;
  }
}

/**
 * Status, assignee ("me" is the signed-in user) or notes (PATCH), or "Open a deal" (POST), as JSON;
 * a refusal is answered for the screen to say.
 */
export async function clientAction({
  params,
  request,
  context,
}: Route.ClientActionArgs): Promise<LeadWorkResult | OpenDealResult | Response> {
  const change = (await request.json()) as LeadWorkChange | typeof openDealIntent;
  if ("intent" in change) return openDeal(params);
  const body: LeadUpdateRequest = leadUpdateRequest.parse(
    "assign" in change ? { assigneeUserId: change.assign === "me" ? context.get(meContext).user.id : null } : change,
  );
  try {
    await call(updateLead, { params: parseParams(params), body });
    return { ok: true, error: null };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error: error.message };
    throw error;
  }
}

export const ErrorBoundary = RouteError;

export default function BackOfficeLead({ loaderData }: Route.ComponentProps) {
  // Another lead starts with nothing revealed and its own notes.
  return (
    <LeadDetailScreen
      key={`${loaderData.lead.type}-${loaderData.lead.id}`}
      lead={loaderData.lead}
      meId={loaderData.meId}
      adverseAction={loaderData.adverseAction}
      duplicates={loaderData.duplicates}
    />
  );
}
