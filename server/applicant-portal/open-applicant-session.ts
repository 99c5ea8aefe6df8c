import { eq } from "drizzle-orm";
import {
  applicantCodeRules,
  applicantMessages,
  applicantSessionHours,
} from "#domain/applicant-portal/applicant-access.ts";
import { judgeCode } from "#domain/auth/mailed-code.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../shared/errors.ts";
import { sha256Hex } from "../shared/crypto/link-token.ts";
import { codeRefusal, isStoredCode, newCodeSession } from "../shared/mailed-code.ts";
import { applicantAccess } from "./tables.ts";

type Outcome = { ok: true; sessionToken: string; expiresAt: Date } | { ok: false; error: AppError };

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
    const verdict = judgeCode(access, isStoredCode(token, code, access.codeHash), applicantCodeRules, now);
    if (verdict.kind === "wrong")
      await tx.update(applicantAccess).set({ codeAttempts: verdict.attempts }).where(eq(applicantAccess.id, access.id));
    if (verdict.kind !== "right") return { ok: false, error: codeRefusal(verdict, applicantMessages) };
    const { sessionToken, sessionTokenHash, sessionExpiresAt } = newCodeSession(applicantSessionHours, now);
    await tx
      .update(applicantAccess)
      .set({ codeHash: null, codeAttempts: 0, sessionTokenHash, sessionExpiresAt })
      .where(eq(applicantAccess.id, access.id));
    return { ok: true, sessionToken, expiresAt: sessionExpiresAt };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome;
}
