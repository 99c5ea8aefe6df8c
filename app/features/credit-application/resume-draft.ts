import { useEffect } from "react";
import { useFetcher } from "react-router";
import { resumeCreditApplicationDraft } from "#domain/leads/draft-contracts.ts";
import {
  draftMessages,
  resumeTokenFromHash,
  type CreditApplicationDraft,
} from "#domain/leads/credit-application-draft-schema.ts";
import { ApiError, call } from "../../lib/call.ts";

export type ResumeResult = { token: string; draft: CreditApplicationDraft } | { token: null; problem: string };

/** /ApplyNow's clientAction: reopens a saved draft with its link's token (POSTed, never in a URL the server sees). */
export async function resumeDraftAction({ request }: { request: Request }): Promise<ResumeResult> {
  const { token } = (await request.json()) as { token: string };
  try {
    const { draft } = await call(resumeCreditApplicationDraft, { body: { token } }, { signal: request.signal });
    return { token, draft };
  } catch (error) {
    // An unknown, expired, replaced or used link, or a mangled one: the same plain answer.
    if (error instanceof ApiError && (error.status === 410 || error.status === 400))
      return { token: null, problem: draftMessages.expired };
    return {
      token: null,
      problem: error instanceof ApiError ? error.message : "Something went wrong. Please try again later.",
    };
  }
}

/**
 * Opening the mailed link (`/ApplyNow#resume=<token>`): the fragment is read once, removed from
 * the address bar and history, and posted to the route's action; `onResult` gets the answer.
 */
export function useResumeDraft(onResult: (result: ResumeResult) => void) {
  const fetcher = useFetcher<ResumeResult>();
  const { submit } = fetcher;
  useEffect(() => {
    const token = resumeTokenFromHash(window.location.hash);
    if (!token) return;
    window.history.replaceState(window.history.state, "", window.location.pathname);
    void submit({ token }, { method: "post", encType: "application/json" });
  }, [submit]);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (result) onResult(result);
    // Once per answer: onResult is the caller's inline function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  return { resuming: fetcher.state !== "idle" };
}
