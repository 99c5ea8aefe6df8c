import {
  declineToSign,
  endSignerSession,
  giveSignerConsent,
  requestSignerCode,
  signSignerDocument,
  startSignerSession,
  type AdoptedSignatureInput,
} from "#domain/signing/signer-contracts.ts";
import { ApiError, call } from "../../lib/call.ts";

/** What the ceremony's fetchers post (as JSON) to their route's action. */
export type SignerIntent =
  | { intent: "code"; token: string }
  | { intent: "session"; token: string; code: string }
  | { intent: "consent" }
  | { intent: "sign"; documentId: string; signature: AdoptedSignatureInput | null }
  | { intent: "decline"; reason: string }
  | { intent: "sign-out" };

/** What the action answers; a refusal is data, said by the part that sent it. */
export type SignerActionResult =
  | { intent: "code"; ok: true; sentTo: string; expiresInMinutes: number }
  | { intent: "sign"; ok: true; documentId: string; finished: boolean }
  | { intent: "session" | "consent" | "decline" | "sign-out"; ok: true }
  | { intent: string; ok: false; error: string; fieldErrors: Record<string, string>; documentId?: string };

/** Runs one step of the ceremony against the signer's endpoints. */
export async function signerAction(input: SignerIntent, signal: AbortSignal): Promise<SignerActionResult> {
  try {
    switch (input.intent) {
      case "code": {
        const sent = await call(requestSignerCode, { body: { token: input.token } }, { signal });
        return { intent: "code", ok: true, ...sent };
      }
      case "session":
        await call(startSignerSession, { body: { token: input.token, code: input.code } }, { signal });
        return { intent: "session", ok: true };
      case "consent":
        await call(giveSignerConsent, { body: { agree: true } }, { signal });
        return { intent: "consent", ok: true };
      case "sign": {
        const signed = await call(
          signSignerDocument,
          {
            params: { documentId: input.documentId },
            body: { intent: true, ...(input.signature ? { signature: input.signature } : {}) },
          },
          { signal },
        );
        return { intent: "sign", ok: true, documentId: input.documentId, finished: signed.finished };
      }
      case "decline":
        await call(declineToSign, { body: { reason: input.reason } }, { signal });
        return { intent: "decline", ok: true };
      case "sign-out":
        await call(endSignerSession, {}, { signal });
        return { intent: "sign-out", ok: true };
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      intent: input.intent,
      ok: false,
      error: error.message,
      fieldErrors: Object.fromEntries(error.details.map((detail) => [detail.path, detail.message])),
      ...(input.intent === "sign" ? { documentId: input.documentId } : {}),
    };
  }
}
