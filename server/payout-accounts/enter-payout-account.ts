import { and, count, eq, gt } from "drizzle-orm";
import { payoutAccountMessages, payoutEntriesPerCompanyPerDay } from "#domain/payout-accounts/payout-account-rules.ts";
import type { PayoutAccountEntry, PayoutFactor } from "#domain/payout-accounts/portal-contracts.ts";
import { auditLog } from "../audit/tables.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { Database } from "../db/client.ts";
import { lastFour } from "../shared/crypto/field-cipher.ts";
import { AppError } from "../shared/errors.ts";
import type { VendorScope } from "../shared/vendor-scope.ts";
import { lockCompany } from "./lock-company.ts";
import type { PayoutAccountContext } from "./payout-account-context.ts";
import { onePayoutAccount } from "./payout-account-views.ts";
import { checkCodesPerHour, mailPayoutCode } from "./payout-code.ts";
import { payoutAccount } from "./tables.ts";

const dayMs = 86_400_000;

/**
 * A dealer admin enters a new payout account (docs/product-rules.md#r59-payout-accounts): the number
 * encrypted with the field cipher, its last four beside it; the row waits for the admin's second factor
 * and replaces (cancels) any account still waiting. Without an authenticator app, a code goes to the
 * admin's own login address. Nothing is mailed to anyone else until it is confirmed.
 */
export async function enterPayoutAccount(
  db: Database,
  context: PayoutAccountContext,
  scope: VendorScope,
  entry: PayoutAccountEntry,
  factor: PayoutFactor,
  ipAddress: string,
  now = new Date(),
) {
  const { id, sent } = await db.transaction(async (tx) => {
    await lockCompany(tx, scope.companyId);
    const [entered] = await tx
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "payout-account.entered"),
          eq(auditLog.subject, scope.companyId),
          gt(auditLog.at, new Date(now.getTime() - dayMs)),
        ),
      );
    if ((entered?.n ?? 0) >= payoutEntriesPerCompanyPerDay)
      throw new AppError("RATE_LIMITED", payoutAccountMessages.tooManyEntries);
    if (factor === "mail") await checkCodesPerHour(tx, scope.userId, now);
    const replaced = await tx
      .update(payoutAccount)
      .set({ status: "cancelled", endedAt: now, confirmationCodeHash: null, confirmationCodeExpiresAt: null })
      .where(and(eq(payoutAccount.vendorCompanyId, scope.companyId), eq(payoutAccount.status, "awaiting-confirmation")))
      .returning({ id: payoutAccount.id });
    for (const row of replaced)
      await recordAudit(tx, {
        action: "payout-account.cancelled",
        actorUserId: scope.userId,
        subject: scope.companyId,
        ipAddress,
        details: { payoutAccountId: row.id, reason: "replaced by a new entry" },
      });
    const [row] = await tx
      .insert(payoutAccount)
      .values({
        vendorCompanyId: scope.companyId,
        holderName: entry.holderName,
        routingNumber: entry.routingNumber,
        accountNumberEncrypted: context.cipher.encrypt(entry.accountNumber),
        accountNumberLast4: lastFour(entry.accountNumber),
        accountType: entry.accountType,
        createdByUserId: scope.userId,
        createdAt: now,
      })
      .returning({ id: payoutAccount.id });
    await recordAudit(tx, {
      action: "payout-account.entered",
      actorUserId: scope.userId,
      subject: scope.companyId,
      ipAddress,
      details: {
        payoutAccountId: row!.id,
        routingNumber: entry.routingNumber,
        last4: lastFour(entry.accountNumber),
        factor,
      },
    });
    const sent =
      factor === "mail"
        ? await mailPayoutCode(tx, context, row!.id, { userId: scope.userId, email: scope.email }, ipAddress, now)
        : null;
    return { id: row!.id, sent };
  });
  return {
    awaiting: await onePayoutAccount(db, id, "dealer", context.timeZone, now),
    factor,
    sentTo: sent?.sentTo ?? null,
    expiresInMinutes: sent?.expiresInMinutes ?? null,
  };
}
