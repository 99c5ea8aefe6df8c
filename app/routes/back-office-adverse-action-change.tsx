import { data, redirect } from "react-router";
import { noticeRecipientRequest } from "#domain/adverse-action/notice-recipient.ts";
import {
  adverseActionParams,
  completedOnRequest,
  noticeContentRequest,
  saveNoticeContent,
  sendNotice,
  setApplicationDecision,
  setCompletedOn,
  setNoticeRecipient,
} from "#domain/adverse-action/contracts.ts";
import type {
  AdverseActionChange,
  AdverseActionResult,
} from "../features/back-office/adverse-action/adverse-action-change.ts";
import { ApiError, call } from "../lib/call.ts";
import type { Route } from "./+types/back-office-adverse-action-change";

/** Opened as a page (a typed address): the deal's or application's own page, where the section is. */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  const parsed = adverseActionParams.safeParse(params);
  if (!parsed.success) throw data("Not found.", { status: 404 });
  const { type, id } = parsed.data;
  return redirect(type === "deal" ? `/back-office/deals/${id}` : `/back-office/leads/credit-application/${id}`);
}

/**
 * The adverse-action section's changes (on the deal page and the credit application's page):
 * reasons, the applicant's address, send, the day the application was complete, and an application's decision. No
 * screen of its own; the page is read again after.
 */
export async function clientAction({ params, request }: Route.ClientActionArgs): Promise<AdverseActionResult> {
  const parsed = adverseActionParams.safeParse(params);
  if (!parsed.success) throw data("Not found.", { status: 404 });
  const change = (await request.json()) as AdverseActionChange;
  try {
    if (change.intent === "save")
      await call(saveNoticeContent, { params: parsed.data, body: noticeContentRequest.parse(change.content) });
    else if (change.intent === "recipient")
      await call(setNoticeRecipient, {
        params: parsed.data,
        body: noticeRecipientRequest.parse({ email: change.email }),
      });
    else if (change.intent === "send") await call(sendNotice, { params: parsed.data });
    else if (change.intent === "completed")
      await call(setCompletedOn, {
        params: parsed.data,
        body: completedOnRequest.parse({ completedOn: change.completedOn }),
      });
    else await call(setApplicationDecision, { params: { id: parsed.data.id }, body: { decision: change.decision } });
    return { intent: change.intent, ok: true, error: null };
  } catch (error) {
    if (error instanceof ApiError) return { intent: change.intent, ok: false, error: error.message };
    throw error;
  }
}
