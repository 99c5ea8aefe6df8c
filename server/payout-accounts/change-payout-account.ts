import { and, eq } from "drizzle-orm";
import { payoutAccountMessages } from "#domain/payout-accounts/payout-account-rules.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../shared/errors.ts";
import type { VendorScope } from "../shared/vendor-scope.ts";
import { awaitingOf } from "./confirm-payout-account.ts";
import { lockCompany } from "./lock-company.ts";
import type { PayoutAccountContext } from "./payout-account-context.ts";
import { payoutFactorOf } from "./payout-account-views.ts";
import { checkCodesPerHour, mailPayoutCode } from "./payout-code.ts";
import { payoutAccount } from "./tables.ts";

/**
 * A new mailed code for the account the user entered (docs/product-rules.md#r59-payout-accounts): within
 * the user's hourly share; a user with an authenticator app confirms with it instead.
 */
export async function sendPayoutAccountCode(
  db: Database,
  context: PayoutAccountContext,
  scope: VendorScope,
  ipAddress: string,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    await lockCompany(tx, scope.companyId);
    const row = await awaitingOf(tx, scope);
    if ((await payoutFactorOf(tx, scope.userId)) === "totp")
      throw new AppError("CONFLICT", payoutAccountMessages.noMailedCode);
    await checkCodesPerHour(tx, scope.userId, now);
    return mailPayoutCode(tx, context, row.id, { userId: scope.userId, email: scope.email }, ipAddress, now);
  });
}

/** Any dealer admin of the company cancels the account waiting for confirmation; the current account stays. */
export async function cancelPayoutAccount(db: Database, scope: VendorScope, ipAddress: string, now = new Date()) {
  await db.transaction(async (tx) => {
    await lockCompany(tx, scope.companyId);
    const cancelled = await tx
      .update(payoutAccount)
      .set({ status: "cancelled", endedAt: now, confirmationCodeHash: null, confirmationCodeExpiresAt: null })
      .where(and(eq(payoutAccount.vendorCompanyId, scope.companyId), eq(payoutAccount.status, "awaiting-confirmation")))
      .returning({ id: payoutAccount.id });
    if (cancelled.length === 0) throw new AppError("NOT_FOUND", payoutAccountMessages.nothingWaiting);
    await recordAudit(tx, {
      action: "payout-account.cancelled",
      actorUserId: scope.userId,
      subject: scope.companyId,
      ipAddress,
      details: { payoutAccountId: cancelled[0]!.id, reason: "cancelled by a dealer admin" },
    });
  });
}
