import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { earningsEntryKinds } from "#domain/earnings/earnings-shapes.ts";
import { user } from "../auth/tables.ts";
import { createdAt } from "../db/columns.ts";
import { deal } from "../deals/tables.ts";
import { vendorCompany } from "../vendors/tables.ts";

/**
 * The earnings tiers admins define (docs/product-rules.md#r61-dealer-earnings): a dealer whose funded
 * volume over the trailing window reaches `min_volume_cents` earns `points_basis_points` (100 = 1.00%)
 * of each deal's amount financed. Saved as a whole set; the first tier starts at 0.
 */
export const earningsTier = pgTable(
  "earnings_tier",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    position: integer("position").notNull(),
    label: text("label").notNull(),
    minVolumeCents: bigint("min_volume_cents", { mode: "number" }).notNull(),
    pointsBasisPoints: integer("points_basis_points").notNull(),
    updatedByUserId: text("updated_by_user_id").references(() => user.id),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("earnings_tier_position_key").on(table.position)],
);

/** The earnings rules' windows (one row): trailing volume days and the clawback window. */
export const earningsSetting = pgTable("earnings_setting", {
  singleton: boolean("singleton").primaryKey().default(true),
  trailingDays: integer("trailing_days").notNull().default(90),
  clawbackDays: integer("clawback_days").notNull().default(90),
  updatedByUserId: text("updated_by_user_id").references(() => user.id),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The earnings ledger, amounts positive (the kind says which way): accrued when a deal funds (with the
 * tier, points and trailing volume that made it), paid (with the funding or in the month's payout
 * entry), clawed back when the funded deal is cancelled within the window. One of each kind per funding.
 */
export const earningsEntry = pgTable(
  "earnings_entry",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    vendorCompanyId: uuid("vendor_company_id")
      .notNull()
      .references(() => vendorCompany.id, { onDelete: "cascade" }),
    dealId: uuid("deal_id").references(() => deal.id, { onDelete: "set null" }),
    /**
     * The funding that accrued it, and the payout entry that paid it: the earnings subject sits below
     * funding and payouts (ADR 0021), so their foreign keys (ON DELETE SET NULL) are written by hand in
     * drizzle/0027_funding_payouts_earnings.sql.
     */
    dealFundingId: uuid("deal_funding_id"),
    /** The deal's account number, kept for statements after the deal itself is purged. */
    dealAccountNumber: text("deal_account_number").notNull(),
    businessName: text("business_name").notNull(),
    kind: text("kind", { enum: earningsEntryKinds }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    amountFinancedCents: bigint("amount_financed_cents", { mode: "number" }).notNull(),
    tierLabel: text("tier_label").notNull(),
    pointsBasisPoints: integer("points_basis_points").notNull(),
    trailingVolumeCents: bigint("trailing_volume_cents", { mode: "number" }).notNull(),
    /** The business month (YYYY-MM) the entry belongs to. */
    month: text("month").notNull(),
    payoutEntryId: uuid("payout_entry_id"),
    createdAt: createdAt(),
  },
  (table) => [
    index("earnings_entry_company_idx").on(table.vendorCompanyId, table.month, table.createdAt),
    index("earnings_entry_month_idx").on(table.month),
    uniqueIndex("earnings_entry_funding_kind_key").on(table.dealFundingId, table.kind),
  ],
);
