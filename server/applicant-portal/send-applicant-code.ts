import { eq } from "drizzle-orm";
import {
  applicantCodeLength,
  applicantCodeMinutes,
  applicantCodeRules,
  applicantMessages,
  maskedAddress,
} from "#domain/applicant-portal/applicant-access.ts";
import { codeSendAllowance } from "#domain/auth/mailed-code.ts";
import type { Database } from "../db/client.ts";
import { dealClient } from "../deals/tables.ts";
import { isUserAddress } from "../accounts/user-address.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { AppError } from "../shared/errors.ts";
import { mailedCodeHash, newMailedCode } from "../shared/mailed-code.ts";
import { sha256Hex } from "../shared/crypto/link-token.ts";
import type { MailContext } from "../shared/request-context.ts";
import { applicantCodeMail } from "./applicant-code-mail.ts";
import { applicantAccess } from "./tables.ts";

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
    const allowance = codeSendAllowance(access, applicantCodeRules, now);
    if (!allowance.ok) throw new AppError("RATE_LIMITED", applicantMessages.tooManyCodes(allowance.retryInMinutes));
    const code = newMailedCode(applicantCodeLength);
    await tx
      .update(applicantAccess)
      .set({
        codeHash: mailedCodeHash(token, code),
        codeExpiresAt: allowance.codeExpiresAt,
        codeAttempts: 0,
        codesSent: allowance.codesSent,
      })
      .where(eq(applicantAccess.id, access.id));
    await enqueueMail(tx, applicantCodeMail({ to: found.email, code, product: context.product }), context.cipher);
    return { sentTo: maskedAddress(found.email), expiresInMinutes: applicantCodeMinutes };
  });
}
