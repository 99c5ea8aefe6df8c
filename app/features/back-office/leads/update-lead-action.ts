import type { RouterContextProvider } from "react-router";
import { leadParams, leadUpdateRequest, updateLead } from "#domain/leads/back-office-contracts.ts";
import { ApiError, call } from "../../../lib/call.ts";
import { meContext } from "../../../lib/session.ts";

export type LeadUpdateResult = { ok: true } | { error: string };

/**
 * The lead inbox's action: a row's form sets the lead's status, or (intent "assign") assigns it to
 * the signed-in user. A refusal is answered to the row; the inbox is read again either way.
 */
export async function updateLeadFromForm({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}): Promise<LeadUpdateResult> {
  const form = await request.formData();
  const params = leadParams.parse({ type: form.get("type"), id: form.get("id") });
  const body =
    form.get("intent") === "assign"
      ? { assigneeUserId: context.get(meContext).user.id }
      : leadUpdateRequest.parse({ status: form.get("status") });
  try {
    await call(updateLead, { params, body }, { signal: request.signal });
    return { ok: true };
  } catch (failure) {
    if (failure instanceof ApiError) return { error: failure.message };
    throw failure;
  }
}
