import { timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  applicantCodeTries,
  applicantMessages,
  applicantSessionHours,
} from "#domain/applicant-portal/applicant-access.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../shared/errors.ts";
import { newLinkToken, sha256Hex } from "../shared/crypto/link-token.ts";
import { applicantCodeHash } from "./send-applicant-code.ts";
import { applicantAccess } from "./tables.ts";

type Outcome = { ok: true; sessionToken: string; expiresAt: Date } | { ok: false; error: AppError };

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Checks a mailed code against the link's (docs/product-rules.md#r56-the-applicants-page) and, when
 * right, opens a session: a random token whose SHA-256 is stored, lasting `applicantSessionHours`; the
 * code is used up, and a newer session of the same link replaces the last. A wrong code counts
 * (committed before the refusal); after `applicantCodeTries` the code is dead and a new one is needed.
 */
export async function openApplicantSession(
  db: Database,
  token: string,
  code: string,
): Promise<{ sessionToken: string; expiresAt: Date }> {
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [access] = await tx
      .select()
      .from(applicantAccess)
      .where(eq(applicantAccess.linkTokenHash, sha256Hex(token)))
      .for("update");
    const now = Date.now();
    if (!access || access.linkExpiresAt.getTime() <= now)
      return { ok: false, error: new AppError("GONE", applicantMessages.linkUnknown) };
    if (!access.codeHash) return { ok: false, error: new AppError("CONFLICT", applicantMessages.codeNone) };
    if (access.codeAttempts >= applicantCodeTries)
      return { ok: false, error: new AppError("CONFLICT", applicantMessages.codeUsedUp) };
    if (!access.codeExpiresAt || access.codeExpiresAt.getTime() <= now)
      return { ok: false, error: new AppError("CONFLICT", applicantMessages.codeExpired) };
    if (!sameHash(applicantCodeHash(token, code), access.codeHash)) {
      const attempts = access.codeAttempts + 1;
      await tx.update(applicantAccess).set({ codeAttempts: attempts }).where(eq(applicantAccess.id, access.id));
      const left = applicantCodeTries - attempts;
      const message = left > 0 ? applicantMessages.codeWrong(left) : applicantMessages.codeUsedUp;
      return {
        ok: false,
        error:
          left > 0
            ? new AppError("VALIDATION_FAILED", message, [{ path: "/code", message }])
            : new AppError("CONFLICT", message),
      };
    }
    const sessionToken = newLinkToken();
    const expiresAt = new Date(now + applicantSessionHours * 3_600_000);
    await tx
      .update(applicantAccess)
      .set({ codeHash: null, codeAttempts: 0, sessionTokenHash: sha256Hex(sessionToken), sessionExpiresAt: expiresAt })
      .where(eq(applicantAccess.id, access.id));
    return { ok: true, sessionToken, expiresAt };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome;
}
