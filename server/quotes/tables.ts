import { user } from "../auth/tables.ts";
import { createdAt } from "../db/columns.ts";
import { creditApplication } from "../leads/tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** A quote a vendor e-mailed to a customer; its link pre-fills a credit application. */
export const vendorQuote = pgTable(
  "vendor_quote",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => vendorCompany.id),
    createdByUserId: text("created_by_user_id")
      .notNull()
      .references(() => user.id),
    /** Whose quote it is inside the company: its sender, or whom an admin gave it (docs/product-rules.md#r53-a-dealers-team). */
    ownerUserId: text("owner_user_id").references(() => user.id),
    price: numeric("price", { precision: 14, scale: 2, mode: "number" }).notNull(),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    /** Deal credit tier 1-3; null: priced at the best tier. */
    tier: integer("tier"),
    /** The estimated payments mailed: [{ term, payment }]. */
    terms: jsonb("terms").$type<{ term: number; payment: number }[]>().notNull(),
    /** SHA-256 of the link's token (base64url); the token itself is only in the mail. */
    tokenHash: text("token_hash").notNull().unique(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    applicationId: uuid("application_id").references(() => creditApplication.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    resentCount: integer("resent_count").notNull().default(0),
    createdAt: createdAt(),
  },
  // The retention job finds quotes by their last activity (purge-expired-data.ts, docs/product-rules.md#r33-retention).
  (table) => [
    index("vendor_quote_company_idx").on(table.companyId, table.createdAt),
    index("vendor_quote_owner_idx").on(table.companyId, table.ownerUserId, table.createdAt),
    index("vendor_quote_company_sent_idx").on(table.companyId, table.sentAt),
    index("vendor_quote_last_activity_idx").on(
      sql`greatest(${table.createdAt}, ${table.sentAt}, ${table.openedAt}, ${table.appliedAt}, ${table.withdrawnAt})`,
    ),
  ],
);

/**
 * One row per quote mail (a send or a resend), the hourly limits' count: the recipient only as
 * a hash (link-token.ts emailHash). Rows older than an hour are deleted at the company's next mail.
 */
export const vendorQuoteMail = pgTable(
  "vendor_quote_mail",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => vendorCompany.id),
    recipientHash: text("recipient_hash").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("vendor_quote_mail_company_idx").on(table.companyId, table.sentAt)],
);
