import { and, eq } from "drizzle-orm";
import { payoutUsableFrom } from "#domain/payout-accounts/cooling-off.ts";
import { payoutAccountMessages, payoutCodeTries } from "#domain/payout-accounts/payout-account-rules.ts";
import type { PayoutFactor } from "#domain/payout-accounts/portal-contracts.ts";
import { formatBusinessDateTime } from "#domain/site/business-time.ts";
import { companyAdminEmails } from "../auth/company-user-emails.ts";
import { user } from "../auth/tables.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { Database, Transaction } from "../db/client.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { AppError } from "../shared/errors.ts";
import type { VendorScope } from "../shared/vendor-scope.ts";
import { loadWorkingCalendarFrom } from "../working-calendar/load-working-calendar.ts";
import { lockCompany } from "./lock-company.ts";
import type { PayoutAccountContext } from "./payout-account-context.ts";
import { accountChangedMail, creditTeamAccountChangedMail, type AccountChange } from "./payout-account-mails.ts";
import { onePayoutAccount } from "./payout-account-views.ts";
import { payoutCodeMatches } from "./payout-code.ts";
import { payoutAccount } from "./tables.ts";

type Awaiting = typeof payoutAccount.$inferSelect;

/** The company's account waiting for confirmation, the row locked (the company's row is locked first). */
async function lockAwaiting(tx: Transaction, companyId: string): Promise<Awaiting | undefined> {
  const [row] = await tx
    .select()
    .from(payoutAccount)
    .where(and(eq(payoutAccount.vendorCompanyId, companyId), eq(payoutAccount.status, "awaiting-confirmation")))
    .for("update");
  return row;
}

/** The awaiting account the user may act on by a factor: theirs, or a refusal (404 none, 409 another admin's). */
export async function awaitingOf(tx: Transaction, scope: VendorScope): Promise<Awaiting> {
  const row = await lockAwaiting(tx, scope.companyId);
  if (!row) throw new AppError("NOT_FOUND", payoutAccountMessages.nothingWaiting);
  if (row.createdByUserId !== scope.userId) throw new AppError("CONFLICT", payoutAccountMessages.notYourEntry);
  return row;
}

type Outcome =
  { kind: "confirmed"; id: string } | { kind: "wrong"; triesLeft: number } | { kind: "used-up" } | { kind: "expired" };

/**
 * Confirms the account the user entered with their second factor (docs/product-rules.md#r59-payout-accounts):
 * the authenticator app's code (checked by `verifyTotp`, before the transaction: better-auth spends the
 * code's time step) when two-factor is on, else the mailed code. A wrong code is counted and committed; the
 * fifth cancels the entry. The right one, in one transaction: the account active and held until the
 * cooling-off's end (business days of the working calendar), the one before it replaced, the audit entry,
 * and a mail to every dealer admin of the company and to the credit team.
 */
export async function confirmPayoutAccount(
  db: Database,
  context: PayoutAccountContext,
  scope: VendorScope,
  code: string,
  factor: PayoutFactor,
  verifyTotp: (code: string) => Promise<boolean>,
  ipAddress: string,
  now = new Date(),
) {
  // A first look without a lock: the authenticator's code is checked outside the transaction.
  const seen = await db.transaction((tx) => awaitingOf(tx, scope));
  const totpRight = factor === "totp" ? await verifyTotp(code) : false;
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const company = await lockCompany(tx, scope.companyId);
    const row = await awaitingOf(tx, scope);
    // Cancelled and entered again meanwhile: the code was for the other row.
    if (row.id !== seen.id) throw new AppError("NOT_FOUND", payoutAccountMessages.nothingWaiting);
    let right: boolean;
    if (factor === "totp") right = totpRight;
    else {
      if (!row.confirmationCodeHash || !row.confirmationCodeExpiresAt || row.confirmationCodeExpiresAt <= now)
        return { kind: "expired" };
      right = payoutCodeMatches(context.cipher, row.id, code, row.confirmationCodeHash);
    }
    if (!right) return countWrongCode(tx, scope, row, factor, ipAddress, now);
    return activate(tx, context, scope, company, row, factor, ipAddress, now);
  });
  switch (outcome.kind) {
    case "confirmed":
      return { account: await onePayoutAccount(db, outcome.id, "dealer", context.timeZone, now) };
    case "wrong":
      throw new AppError("VALIDATION_FAILED", payoutAccountMessages.codeWrong(outcome.triesLeft));
    case "used-up":
      throw new AppError("GONE", payoutAccountMessages.codeUsedUp);
    case "expired":
      throw new AppError("GONE", payoutAccountMessages.codeExpired);
  }
}

async function countWrongCode(
  tx: Transaction,
  scope: VendorScope,
  row: Awaiting,
  factor: PayoutFactor,
  ipAddress: string,
  now: Date,
): Promise<Outcome> {
  const tries = row.confirmationTries + 1;
  const usedUp = tries >= payoutCodeTries;
  await tx
    .update(payoutAccount)
    .set(
      usedUp
        ? {
            confirmationTries: tries,
            status: "cancelled",
            endedAt: now,
            confirmationCodeHash: null,
            confirmationCodeExpiresAt: null,
          }
        : { confirmationTries: tries },
    )
    .where(eq(payoutAccount.id, row.id));
  await recordAudit(tx, {
    action: "payout-account.confirmation-failed",
    actorUserId: scope.userId,
    subject: scope.companyId,
    ipAddress,
    details: { payoutAccountId: row.id, factor, tries },
  });
  if (!usedUp) return { kind: "wrong", triesLeft: payoutCodeTries - tries };
  await recordAudit(tx, {
    action: "payout-account.cancelled",
    actorUserId: scope.userId,
    subject: scope.companyId,
    ipAddress,
    details: { payoutAccountId: row.id, reason: "too many wrong codes" },
  });
  return { kind: "used-up" };
}

async function activate(
  tx: Transaction,
  context: PayoutAccountContext,
  scope: VendorScope,
  company: { id: string; name: string },
  row: Awaiting,
  factor: PayoutFactor,
  ipAddress: string,
  now: Date,
): Promise<Outcome> {
  const calendar = await loadWorkingCalendarFrom(tx, now, context.timeZone);
  const usableFrom = payoutUsableFrom(now, context.coolingOffBusinessDays, context.timeZone, calendar);
  // The one active account is replaced first: the unique index allows one active account a company.
  const [replaced] = await tx
    .update(payoutAccount)
    .set({ status: "replaced", endedAt: now })
    .where(and(eq(payoutAccount.vendorCompanyId, company.id), eq(payoutAccount.status, "active")))
    .returning({
      id: payoutAccount.id,
      routingNumber: payoutAccount.routingNumber,
      last4: payoutAccount.accountNumberLast4,
    });
  await tx
    .update(payoutAccount)
    .set({
      status: "active",
      confirmedAt: now,
      confirmedByUserId: scope.userId,
      usableFrom,
      confirmationCodeHash: null,
      confirmationCodeExpiresAt: null,
    })
    .where(eq(payoutAccount.id, row.id));
  await recordAudit(tx, {
    action: "payout-account.confirmed",
    actorUserId: scope.userId,
    subject: company.id,
    ipAddress,
    details: {
      payoutAccountId: row.id,
      factor,
      usableFrom: usableFrom.toISOString(),
      replaced: replaced?.id ?? null,
    },
  });
  const [changer] = await tx.select({ name: user.name }).from(user).where(eq(user.id, scope.userId));
  const change: AccountChange = {
    companyName: company.name,
    changedBy: { name: changer?.name ?? scope.email, email: scope.email },
    when: formatBusinessDateTime(now, context.timeZone),
    account: {
      holderName: row.holderName,
      routingNumber: row.routingNumber,
      last4: row.accountNumberLast4,
      accountType: row.accountType,
    },
    replaced: replaced ? { routingNumber: replaced.routingNumber, last4: replaced.last4 } : null,
    heldUntil: formatBusinessDateTime(usableFrom, context.timeZone),
    phone: context.phone,
    product: context.product,
  };
  for (const to of new Set(await companyAdminEmails(tx, company.id)))
    await enqueueMail(tx, accountChangedMail(to, change, `${context.publicUrl}/portal/payout-account`), context.cipher);
  await enqueueMail(
    tx,
    creditTeamAccountChangedMail(
      context.creditTeamEmail,
      change,
      `${context.publicUrl}/back-office/vendors/${company.id}/payout-account`,
    ),
    context.cipher,
  );
  return { kind: "confirmed", id: row.id };
}
