import { timingSafeEqual } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { signerCodeTries, signerMessages, signerSessionHours } from "#domain/signing/signer-access.ts";
import type { Database } from "../db/client.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { AppError } from "../shared/errors.ts";
import { newLinkToken, sha256Hex } from "../shared/crypto/link-token.ts";
import { recordSigningEvent, type SigningClient } from "./signing-events.ts";
import { linkRefusal, lockLinkByToken, signerCodeHash } from "./signer-link.ts";
import { signingLink, signingSigner } from "./tables.ts";

type Outcome = { ok: true; sessionToken: string; expiresAt: Date } | { ok: false; error: AppError };

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

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
    if (!link.codeHash) return { ok: false, error: new AppError("CONFLICT", signerMessages.codeNone) };
    if (link.codeAttempts >= signerCodeTries)
      return { ok: false, error: new AppError("CONFLICT", signerMessages.codeUsedUp) };
    if (!link.codeExpiresAt || link.codeExpiresAt.getTime() <= now)
      return { ok: false, error: new AppError("CONFLICT", signerMessages.codeExpired) };
    if (!sameHash(signerCodeHash(input.token, input.code), link.codeHash)) {
      const attempts = link.codeAttempts + 1;
      await tx.update(signingLink).set({ codeAttempts: attempts }).where(eq(signingLink.id, link.id));
      const left = signerCodeTries - attempts;
      const message = left > 0 ? signerMessages.codeWrong(left) : signerMessages.codeUsedUp;
      return {
        ok: false,
        error:
          left > 0
            ? new AppError("VALIDATION_FAILED", message, [{ path: "/code", message }])
            : new AppError("CONFLICT", message),
      };
    }
    const sessionToken = newLinkToken();
    const expiresAt = new Date(now + signerSessionHours * 3_600_000);
    await tx
      .update(signingLink)
      .set({ codeHash: null, codeAttempts: 0, sessionTokenHash: sha256Hex(sessionToken), sessionExpiresAt: expiresAt })
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
    return { ok: true, sessionToken, expiresAt };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome;
}
