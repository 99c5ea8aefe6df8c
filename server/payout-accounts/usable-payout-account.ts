import { and, eq } from "drizzle-orm";
import type { BankAccountType } from "#domain/payout-accounts/payout-account-shapes.ts";
import type { DbExecutor } from "../db/client.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { payoutAccount } from "./tables.ts";

export type UsablePayoutAccount = {
  id: string;
  holderName: string;
  routingNumber: string;
  /** Decrypted: only for the ACH file being built, never logged, mailed or shown. */
  accountNumber: string;
  accountNumberLast4: string;
  accountType: BankAccountType;
};

/**
 * The account a company's payouts go to now: its active account once the cooling-off period has
 * passed (docs/product-rules.md#r59-payout-accounts); null while there is none or it is still held.
 */
export async function usablePayoutAccount(
  db: DbExecutor,
  cipher: FieldCipher,
  vendorCompanyId: string,
  now: Date,
): Promise<UsablePayoutAccount | null> {
  const [account] = await db
    .select()
    .from(payoutAccount)
    .where(and(eq(payoutAccount.vendorCompanyId, vendorCompanyId), eq(payoutAccount.status, "active")));
  if (!account || !account.usableFrom || account.usableFrom > now) return null;
  return {
    id: account.id,
    holderName: account.holderName,
    routingNumber: account.routingNumber,
    accountNumber: cipher.decrypt(account.accountNumberEncrypted),
    accountNumberLast4: account.accountNumberLast4,
    accountType: account.accountType,
  };
}
