import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bankAccountTypes, payoutAccountStatuses } from "#domain/payout-accounts/payout-account-shapes.ts";
import { user } from "../auth/tables.ts";
import { createdAt } from "../db/columns.ts";
import { vendorCompany } from "../vendors/tables.ts";

/**
 * A dealer's payout account (docs/product-rules.md#r59-payout-accounts): the account number encrypted
 * like an SSN (shared/crypto/field-cipher), its last four beside it for masked display. A new account
 * waits for its second factor; once confirmed it is active and the one before it is replaced, and the
 * company's payouts are held until `usable_from` (the cooling-off period: an account-change fraud is
 * caught before money moves). At most one active and one awaiting account per company.
 */
export const payoutAccount = pgTable(
  "payout_account",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    vendorCompanyId: uuid("vendor_company_id")
      .notNull()
      .references(() => vendorCompany.id, { onDelete: "cascade" }),
    holderName: text("holder_name").notNull(),
    routingNumber: text("routing_number").notNull(),
    accountNumberEncrypted: text("account_number_encrypted").notNull(),
    accountNumberLast4: text("account_number_last4").notNull(),
    accountType: text("account_type", { enum: bankAccountTypes }).notNull(),
    status: text("status", { enum: payoutAccountStatuses }).notNull().default("awaiting-confirmation"),
    createdByUserId: text("created_by_user_id")
      .notNull()
      .references(() => user.id),
    createdAt: createdAt(),
    /** The mailed confirmation code's hash (a user without an authenticator app), its expiry and tries. */
    confirmationCodeHash: text("confirmation_code_hash"),
    confirmationCodeExpiresAt: timestamp("confirmation_code_expires_at", { withTimezone: true }),
    confirmationTries: integer("confirmation_tries").notNull().default(0),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    confirmedByUserId: text("confirmed_by_user_id").references(() => user.id),
    /** The end of the cooling-off period: payouts use the account from then on. */
    usableFrom: timestamp("usable_from", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (table) => [
    index("payout_account_company_idx").on(table.vendorCompanyId, table.createdAt),
    uniqueIndex("payout_account_active_key")
      .on(table.vendorCompanyId)
      .where(sql`${table.status} = 'active'`),
    uniqueIndex("payout_account_awaiting_key")
      .on(table.vendorCompanyId)
      .where(sql`${table.status} = 'awaiting-confirmation'`),
  ],
);
