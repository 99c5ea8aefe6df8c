import { randomInt, timingSafeEqual } from "node:crypto";
import { and, asc, eq, gt } from "drizzle-orm";
import { maskedAddress } from "#domain/applicant-portal/applicant-access.ts";
import {
  payoutAccountMessages,
  payoutCodeLength,
  payoutCodeMinutes,
  payoutCodesPerHour,
} from "#domain/payout-accounts/payout-account-rules.ts";
import { auditLog } from "../audit/tables.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { DbExecutor, Transaction } from "../db/client.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { AppError } from "../shared/errors.ts";
import type { MailContext } from "../shared/request-context.ts";
import { payoutCodeMail } from "./payout-account-mails.ts";
import { payoutAccount } from "./tables.ts";

const hourMs = 3_600_000;

/**
 * A mailed code's hash: the server's keyed hash (HMAC with the lookup key) of the row and the code, so a
 * copy of the table cannot try the million codes offline.
 */
export const payoutCodeHash = (cipher: FieldCipher, accountId: string, code: string) =>
  cipher.lookupHash(`payout-account-code:${accountId}:${code}`);

/** Whether `code` is the one whose hash the row keeps (compared in constant time). */
export function payoutCodeMatches(cipher: FieldCipher, accountId: string, code: string, stored: string): boolean {
  const given = Buffer.from(payoutCodeHash(cipher, accountId, code));
  const kept = Buffer.from(stored);
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/**
 * Refuses a code past the user's hourly share (`payoutCodesPerHour`, docs/product-rules.md#r59-payout-accounts):
 * counted from the audit log's `payout-account.code-sent` entries about the user, by the action and subject index.
 */
export async function checkCodesPerHour(db: DbExecutor, userId: string, now: Date): Promise<void> {
  const sent = await db
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, "payout-account.code-sent"),
        eq(auditLog.subject, userId),
        gt(auditLog.at, new Date(now.getTime() - hourMs)),
      ),
    )
    .orderBy(asc(auditLog.at));
  if (sent.length < payoutCodesPerHour) return;
  const freeAt = sent[sent.length - payoutCodesPerHour]!.at.getTime() + hourMs;
  throw new AppError(
    "RATE_LIMITED",
    payoutAccountMessages.tooManyCodes(Math.max(1, Math.ceil((freeAt - now.getTime()) / 60_000))),
  );
}

/**
 * Mails a new code for an awaiting account to the user's own login address: it replaces the row's last
 * code and its tries. The caller checked the hourly share. Answers where it went, masked.
 */
export async function mailPayoutCode(
  tx: Transaction,
  context: MailContext,
  accountId: string,
  to: { userId: string; email: string },
  ipAddress: string,
  now: Date,
): Promise<{ sentTo: string; expiresInMinutes: number }> {
  const code = String(randomInt(0, 10 ** payoutCodeLength)).padStart(payoutCodeLength, "0");
  await tx
    .update(payoutAccount)
    .set({
      confirmationCodeHash: payoutCodeHash(context.cipher, accountId, code),
      confirmationCodeExpiresAt: new Date(now.getTime() + payoutCodeMinutes * 60_000),
      confirmationTries: 0,
    })
    .where(eq(payoutAccount.id, accountId));
  await enqueueMail(tx, payoutCodeMail({ to: to.email, code, product: context.product }), context.cipher);
  await recordAudit(tx, {
    action: "payout-account.code-sent",
    actorUserId: to.userId,
    subject: to.userId,
    ipAddress,
    details: { payoutAccountId: accountId },
  });
  return { sentTo: maskedAddress(to.email), expiresInMinutes: payoutCodeMinutes };
}
