import { and, eq, isNull } from "drizzle-orm";
import { judgeCode } from "#domain/auth/mailed-code.ts";
import { signerCodeRules, signerMessages, signerSessionHours } from "#domain/signing/signer-access.ts";
import type { Database } from "../db/client.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { AppError } from "../shared/errors.ts";
import { codeRefusal, isStoredCode, newCodeSession } from "../shared/mailed-code.ts";
import { recordSigningEvent, type SigningClient } from "./signing-events.ts";
import { linkRefusal, lockLinkByToken } from "./signer-link.ts";
import { signingLink, signingSigner } from "./tables.ts";

type Outcome = { ok: true; sessionToken: string; expiresAt: Date } | { ok: false; error: AppError };

/** How the session is opened: from a mailed link (public), or on the dealer's device that started it in person. */
export type SessionVia =
  { kind: "link" } | { kind: "in-person"; hostUserId: string; signerId: string; dealId: string; dealerName: string };

/**
 * Checks a mailed code against the link's (docs/product-rules.md#r57-documents-and-e-signature) and,
 * when right, opens a session: a random token whose SHA-256 is stored, lasting `signerSessionHours`; the
 * code is used up (a second try with it opens nothing), and a newer session of the same link replaces
 * the last. A wrong code counts, committed before the refusal; after `signerCodeTries` a new code is
 * needed. The signer's first verification is recorded (time, address, browser), and in person the
 * dealer user who hosted it. An in-person link opens only on its host's request for its own signer.
 */
export async function openSignerSession(
  db: Database,
  lender: string,
  input: { token: string; code: string },
  client: SigningClient,
  via: SessionVia,
): Promise<{ sessionToken: string; expiresAt: Date }> {
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const found = await lockLinkByToken(tx, input.token);
    const host = via.kind === "in-person" ? via.hostUserId : null;
    const wrongWay =
      found &&
      (found.link.inPersonHostUserId !== host ||
        (via.kind === "in-person" && (found.signer.id !== via.signerId || found.pkg.dealId !== via.dealId)));
    if (wrongWay) return { ok: false, error: new AppError("GONE", signerMessages.linkUnknown) };
    const refusal = await linkRefusal(tx, found, lender);
    if (refusal) return { ok: false, error: refusal };
    const { link, signer, pkg } = found!;
    const now = Date.now();
    const verdict = judgeCode(link, isStoredCode(input.token, input.code, link.codeHash), signerCodeRules, now);
    if (verdict.kind === "wrong")
      await tx.update(signingLink).set({ codeAttempts: verdict.attempts }).where(eq(signingLink.id, link.id));
    if (verdict.kind !== "right") return { ok: false, error: codeRefusal(verdict, signerMessages) };
    const { sessionToken, sessionTokenHash, sessionExpiresAt } = newCodeSession(signerSessionHours, now);
    await tx
      .update(signingLink)
      .set({ codeHash: null, codeAttempts: 0, sessionTokenHash, sessionExpiresAt })
      .where(eq(signingLink.id, link.id));
    const at = new Date(now);
    await tx
      .update(signingSigner)
      .set({ codeVerifiedAt: at })
      .where(and(eq(signingSigner.id, signer.id), isNull(signingSigner.codeVerifiedAt)));
    if (host) await tx.update(signingSigner).set({ inPersonHostUserId: host }).where(eq(signingSigner.id, signer.id));
    await recordSigningEvent(tx, {
      packageId: pkg.id,
      signerId: signer.id,
      kind: "code-verified",
      actorUserId: host,
      detail: via.kind === "in-person" ? `in person at ${via.dealerName}` : "",
      client,
      at,
    });
    await recordAudit(tx, {
      action: "signing.opened",
      actorUserId: host,
      subject: pkg.dealId,
      ipAddress: client.ipAddress,
      details: { package: pkg.id, signer: signer.id, inPerson: host !== null },
    });
    return { ok: true, sessionToken, expiresAt: sessionExpiresAt };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome;
}
