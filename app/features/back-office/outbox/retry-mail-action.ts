import { retryOutboxMail } from "#domain/mail/outbox-contracts.ts";
import { ApiError, call } from "../../../lib/call.ts";

export type RetryMailResult = { ok: true } | { error: string };

/** The outbox's action: send one pending mail now. A refusal is answered to its row; the list is read again either way. */
export async function retryMailFromForm({ request }: { request: Request }): Promise<RetryMailResult> {
  const form = await request.formData();
  try {
    await call(retryOutboxMail, { params: { id: String(form.get("id") ?? "") } }, { signal: request.signal });
    return { ok: true };
  } catch (failure) {
    if (failure instanceof ApiError) return { error: failure.message };
    throw failure;
  }
}
