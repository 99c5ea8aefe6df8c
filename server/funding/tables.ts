import { sql } from "drizzle-orm";
import { bigint, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { fundingStatuses, verificationItems } from "#domain/funding/funding-shapes.ts";
import { user } from "../auth/tables.ts";
import { createdAt, updatedAt } from "../db/columns.ts";
import { deal, dealDocument } from "../deals/tables.ts";
import { funderAnswer } from "../funders/tables.ts";
import { vendorCompany } from "../vendors/tables.ts";

/**
 * The verification call before funding (docs/product-rules.md#r58-verification-and-funding): who was
 * called, on which number, when, what they confirmed, and the signed delivery and acceptance
 * certificate among the deal's documents. Recording it moves the deal to Verbal. One per deal (a
 * new call replaces it).
 */
export const dealVerification = pgTable("deal_verification", {
  dealId: uuid("deal_id")
    .primaryKey()
    .references(() => deal.id, { onDelete: "cascade" }),
  calledName: text("called_name").notNull(),
  calledPhone: text("called_phone").notNull(),
  calledAt: timestamp("called_at", { withTimezone: true }).notNull(),
  confirmedItems: text("confirmed_items", { enum: verificationItems }).array().notNull(),
  deliveryCertificateDocumentId: uuid("delivery_certificate_document_id")
    .notNull()
    .references(() => dealDocument.id),
  note: text("note").notNull().default(""),
  recordedByUserId: text("recorded_by_user_id")
    .notNull()
    .references(() => user.id),
  recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A deal's funding, amounts in cents, computed from the presented approval (domain/funding/funding-amount.ts)
 * and kept as computed: prepared by one staff member, approved (the deal is Funded on `funded_on`) or
 * rejected by another. At most one awaiting or approved funding per deal.
 */
export const dealFunding = pgTable(
  "deal_funding",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dealId: uuid("deal_id")
      .notNull()
      .references(() => deal.id, { onDelete: "cascade" }),
    vendorCompanyId: uuid("vendor_company_id").references(() => vendorCompany.id),
    answerId: uuid("answer_id")
      .notNull()
      .references(() => funderAnswer.id),
    status: text("status", { enum: fundingStatuses }).notNull().default("awaiting-approval"),
    amountFinancedCents: bigint("amount_financed_cents", { mode: "number" }).notNull(),
    equipmentCostCents: bigint("equipment_cost_cents", { mode: "number" }).notNull(),
    downPaymentCents: bigint("down_payment_cents", { mode: "number" }).notNull(),
    feesCents: bigint("fees_cents", { mode: "number" }).notNull(),
    /** The dealer's earnings on the deal when the company is paid with funding; 0 when monthly. */
    earningsCents: bigint("earnings_cents", { mode: "number" }).notNull(),
    /** What the dealer receives: cost - down payment - fees + earnings paid with funding. */
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    preparedByUserId: text("prepared_by_user_id")
      .notNull()
      .references(() => user.id),
    preparedAt: timestamp("prepared_at", { withTimezone: true }).notNull().defaultNow(),
    decidedByUserId: text("decided_by_user_id").references(() => user.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    rejectReason: text("reject_reason").notNull().default(""),
    /** The business day the deal funded (the approval's day). */
    fundedOn: date("funded_on"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledByUserId: text("cancelled_by_user_id").references(() => user.id),
    cancelReason: text("cancel_reason").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("deal_funding_deal_idx").on(table.dealId, table.createdAt),
    uniqueIndex("deal_funding_open_key")
      .on(table.dealId)
      .where(sql`${table.status} in ('awaiting-approval', 'approved')`),
    index("deal_funding_funded_idx")
      .on(table.vendorCompanyId, table.fundedOn)
      .where(sql`${table.status} in ('approved', 'cancelled')`),
    index("deal_funding_awaiting_idx")
      .on(table.preparedAt)
      .where(sql`${table.status} = 'awaiting-approval'`),
  ],
);

/** The end-of-day funding report mailed to a dealer: once per company and business day. */
export const fundingReport = pgTable(
  "funding_report",
  {
    vendorCompanyId: uuid("vendor_company_id")
      .notNull()
      .references(() => vendorCompany.id, { onDelete: "cascade" }),
    businessDay: date("business_day").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.vendorCompanyId, table.businessDay] })],
);
