import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "../db/columns.ts";
import { user } from "../auth/tables.ts";
import { deal } from "../deals/tables.ts";

/** A funder of the network the company brokers to, with its published criteria (docs/product-rules.md#r54-the-funder-network). */
export const funder = pgTable(
  "funder",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    contactName: text("contact_name").notNull().default(""),
    contactEmail: text("contact_email").notNull().default(""),
    contactPhone: text("contact_phone").notNull().default(""),
    /** Programs it takes (domain/funders/funder-terms.ts). */
    programs: text("programs").array().notNull(),
    minCreditScore: integer("min_credit_score"),
    minMonthsInBusiness: integer("min_months_in_business"),
    minAmountCents: bigint("min_amount_cents", { mode: "number" }),
    maxAmountCents: bigint("max_amount_cents", { mode: "number" }),
    /** Empty: any industry. */
    industries: text("industries")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Two-letter codes; empty: every state. */
    states: text("states")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Two funders never share a name but for case.
    uniqueIndex("funder_name_key").on(sql`lower(${table.name})`),
    index("funder_active_name_idx").on(table.active, table.name),
  ],
);

/** A deal sent to a funder: once per funder (docs/product-rules.md#r54-the-funder-network). */
export const funderSubmission = pgTable(
  "funder_submission",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dealId: uuid("deal_id")
      .notNull()
      .references(() => deal.id, { onDelete: "cascade" }),
    funderId: uuid("funder_id")
      .notNull()
      .references(() => funder.id),
    submittedByUserId: text("submitted_by_user_id")
      .notNull()
      .references(() => user.id),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("funder_submission_deal_funder_idx").on(table.dealId, table.funderId)],
);

/**
 * A funder's answer on a submission, as staff entered it; never changed, a newer one supersedes it
 * (the latest is the answer, the rest its history). Amounts in cents; the rate in basis points.
 */
export const funderAnswer = pgTable(
  "funder_answer",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => funderSubmission.id, { onDelete: "cascade" }),
    decision: text("decision", { enum: ["pending", "approved", "conditioned", "counter-offer", "declined"] }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }),
    termMonths: integer("term_months"),
    paymentCents: bigint("payment_cents", { mode: "number" }),
    rateBasisPoints: integer("rate_basis_points"),
    downPaymentCents: bigint("down_payment_cents", { mode: "number" }),
    feesCents: bigint("fees_cents", { mode: "number" }),
    expiresOn: date("expires_on"),
    conditions: text("conditions").notNull().default(""),
    declineReasons: text("decline_reasons")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    note: text("note").notNull().default(""),
    enteredByUserId: text("entered_by_user_id")
      .notNull()
      .references(() => user.id),
    enteredAt: timestamp("entered_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("funder_answer_submission_idx").on(table.submissionId, table.enteredAt)],
);

/**
 * The answer staff present to the dealer for a deal, at most one (docs/product-rules.md#r54-the-funder-network):
 * the dealer sees its terms and expiry, never the funder or the other answers.
 */
export const dealApproval = pgTable(
  "deal_approval",
  {
    dealId: uuid("deal_id")
      .primaryKey()
      .references(() => deal.id, { onDelete: "cascade" }),
    answerId: uuid("answer_id")
      .notNull()
      .references(() => funderAnswer.id, { onDelete: "cascade" }),
    presentedByUserId: text("presented_by_user_id")
      .notNull()
      .references(() => user.id),
    presentedAt: timestamp("presented_at", { withTimezone: true }).notNull().defaultNow(),
    expiresOn: date("expires_on").notNull(),
    /** When the mail "expires in 5 business days" went; cleared when staff renew the approval. */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
  },
  // The reminder sweep and the dealer dashboard read the approvals expiring in the next days.
  (table) => [index("deal_approval_expires_idx").on(table.expiresOn)],
);

/** The network's settings admins keep: one row. */
export const funderSetting = pgTable(
  "funder_setting",
  {
    singleton: boolean("singleton").primaryKey().default(true),
    /** Dealers (and applicants) see the name of the funder whose approval was presented. */
    showFunderName: boolean("show_funder_name").notNull().default(false),
    updatedByUserId: text("updated_by_user_id").references(() => user.id),
    updatedAt: updatedAt(),
  },
  (table) => [check("funder_setting_one_row", sql`${table.singleton}`)],
);
