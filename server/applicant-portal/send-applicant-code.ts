import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  applicantCodeLength,
  applicantCodeMinutes,
  applicantCodesPerLinkPerHour,
  applicantMessages,
  maskedAddress,
} from "#domain/applicant-portal/applicant-access.ts";
import type { Database } from "../db/client.ts";
import { dealClient } from "../deals/tables.ts";
import { isUserAddress } from "../accounts/user-address.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { AppError } from "../shared/errors.ts";
import { sha256Hex } from "../shared/crypto/link-token.ts";
import type { MailContext } from "../shared/request-context.ts";
import { applicantCodeMail } from "./applicant-code-mail.ts";
import { applicantAccess } from "./tables.ts";

const hourMs = 3_600_000;
const codeMs = applicantCodeMinutes * 60_000;

/**
 * A code's hash: SHA-256 of the link's token and the code, so a copy of the table (which holds the
 * token only as a hash) cannot try the million codes offline.
 */
export const applicantCodeHash = (token: string, code: string) => sha256Hex(`${token}:${code}`);

/**
 * When the link's last code was sent: a code always expires `applicantCodeMinutes` after it was sent,
 * and `code_expires_at` is kept once the code is used, so the hourly count needs no column of its own.
 */
const lastSentAt = (codeExpiresAt: Date | null) => (codeExpiresAt ? codeExpiresAt.getTime() - codeMs : null);

/**
 * Mails a new one-time code to the deal's applicant for a link's token
 * (docs/product-rules.md#r56-the-applicants-page): GONE for an unknown or expired link (or a deal whose
 * address is now a user's login, docs/product-rules.md#r30-never-to-a-users-address). A new code
 * replaces the last one and has `applicantCodeTries` tries. One link sends at most
 * `applicantCodesPerLinkPerHour` codes: then none until an hour after the last (429). Answers where the
 * code went, masked.
 */
export async function sendApplicantCode(
  db: Database,
  context: MailContext,
  token: string,
): Promise<{ sentTo: string; expiresInMinutes: number }> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ access: applicantAccess, email: dealClient.emailContact })
      .from(applicantAccess)
      .innerJoin(dealClient, eq(dealClient.dealId, applicantAccess.dealId))
      .where(eq(applicantAccess.linkTokenHash, sha256Hex(token)))
      .for("update", { of: applicantAccess });
    const now = Date.now();
    if (!found || found.access.linkExpiresAt.getTime() <= now || (await isUserAddress(tx, found.email)))
      throw new AppError("GONE", applicantMessages.linkUnknown);
    const { access } = found;
    const last = lastSentAt(access.codeExpiresAt);
    const inHour = last !== null && now - last < hourMs;
    if (inHour && access.codesSent >= applicantCodesPerLinkPerHour)
      throw new AppError("RATE_LIMITED", applicantMessages.tooManyCodes(Math.ceil((last + hourMs - now) / 60_000)));
    const code = String(randomInt(0, 10 ** applicantCodeLength)).padStart(applicantCodeLength, "0");
    await tx
      .update(applicantAccess)
      .set({
        codeHash: applicantCodeHash(token, code),
        codeExpiresAt: new Date(now + codeMs),
        codeAttempts: 0,
        codesSent: inHour ? access.codesSent + 1 : 1,
      })
      .where(eq(applicantAccess.id, access.id));
    await enqueueMail(tx, applicantCodeMail({ to: found.email, code, product: context.product }), context.cipher);
    return { sentTo: maskedAddress(found.email), expiresInMinutes: applicantCodeMinutes };
  });
}
