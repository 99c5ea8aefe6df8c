import { sql } from "drizzle-orm";
import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { payoutEntryKinds, payoutEntryStatuses } from "#domain/payouts/payout-shapes.ts";
import { user } from "../auth/tables.ts";
import { createdAt } from "../db/columns.ts";
import { dealFunding } from "../funding/tables.ts";
import { payoutAccount } from "../payout-accounts/tables.ts";
import { vendorCompany } from "../vendors/tables.ts";

/**
 * A business day's payout batch (docs/product-rules.md#r60-payout-batches): the NACHA file as built,
 * kept byte for byte so a download is always the same file, with its SHA-256 and totals.
 */
export const payoutBatch = pgTable(
  "payout_batch",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessDay: date("business_day").notNull(),
    /** The file id modifier (A-Z, 0-9): a second file on the same day gets the next one. */
    fileIdModifier: text("file_id_modifier").notNull(),
    fileText: text("file_text").notNull(),
    fileSha256: text("file_sha256").notNull(),
    entryCount: integer("entry_count").notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    createdByUserId: text("created_by_user_id")
      .notNull()
      .references(() => user.id),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("payout_batch_day_key").on(table.businessDay, table.fileIdModifier)],
);

/**
 * One CCD credit in a batch: a deal's funding or a company's month of earnings, to the account that
 * was usable when the batch was built (its routing number and masked number copied, so the record
 * reads the same after the account changes). A returned entry can be paid again in a later batch.
 */
export const payoutEntry = pgTable(
  "payout_entry",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => payoutBatch.id),
    kind: text("kind", { enum: payoutEntryKinds }).notNull(),
    vendorCompanyId: uuid("vendor_company_id")
      .notNull()
      .references(() => vendorCompany.id),
    payoutAccountId: uuid("payout_account_id")
      .notNull()
      .references(() => payoutAccount.id),
    dealFundingId: uuid("deal_funding_id").references(() => dealFunding.id, { onDelete: "set null" }),
    /** An earnings entry's month (YYYY-MM). */
    earningsMonth: text("earnings_month"),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    traceNumber: text("trace_number").notNull().unique(),
    routingNumber: text("routing_number").notNull(),
    accountNumberLast4: text("account_number_last4").notNull(),
    status: text("status", { enum: payoutEntryStatuses }).notNull().default("sent"),
    returnCode: text("return_code"),
    returnNote: text("return_note").notNull().default(""),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    returnedByUserId: text("returned_by_user_id").references(() => user.id),
  },
  (table) => [
    index("payout_entry_batch_idx").on(table.batchId),
    index("payout_entry_company_idx").on(table.vendorCompanyId, table.batchId),
    uniqueIndex("payout_entry_funding_sent_key")
      .on(table.dealFundingId)
      .where(sql`${table.status} = 'sent'`),
    uniqueIndex("payout_entry_earnings_sent_key")
      .on(table.vendorCompanyId, table.earningsMonth)
      .where(sql`${table.kind} = 'earnings' and ${table.status} = 'sent'`),
  ],
);
