import {
  endApplicantSession,
  requestApplicantCode,
  sendApplicantStipFiles,
  startApplicantSession,
} from "#domain/applicant-portal/contracts.ts";
import { ApiError, call, multipartForm } from "../../lib/call.ts";

/** What the applicant's page's action answers (routes/applicant.tsx); a refusal is data, said by the form that sent it. */
export type ApplicantActionResult =
  | { intent: "code"; ok: true; sentTo: string; expiresInMinutes: number }
  | { intent: "session" | "stip" | "sign-out"; ok: true; stipId?: string }
  | { intent: string; ok: false; error: string; fieldError?: string; stipId?: string };

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/** Asks for a code, opens the page with it, sends a stip's files or closes the page. */
export async function applicantAction(form: FormData, signal: AbortSignal): Promise<ApplicantActionResult> {
  const intent = text(form, "intent");
  try {
    switch (intent) {
      case "code": {
        const sent = await call(requestApplicantCode, { body: { token: text(form, "token") } }, { signal });
        return { intent, ok: true, ...sent };
      }
      case "session":
        await call(
          startApplicantSession,
          { body: { token: text(form, "token"), code: text(form, "code") } },
          { signal },
        );
        return { intent, ok: true };
      case "stip": {
        const stipId = text(form, "stipId");
        await call(sendApplicantStipFiles, { params: { stipId }, body: multipartForm(sendApplicantStipFiles, form) });
        return { intent, ok: true, stipId };
      }
      default:
        await call(endApplicantSession, {}, { signal });
        return { intent: "sign-out", ok: true };
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const details = error.details;
    return {
      intent,
      ok: false,
      error: error.message,
      fieldError: details.find((detail) => detail.path === "/code")?.message,
      stipId: intent === "stip" ? text(form, "stipId") : undefined,
    };
  }
}
