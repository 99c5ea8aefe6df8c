import { user } from "../auth/tables.ts";
import { createdAt } from "../db/columns.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { sql } from "drizzle-orm";
import { date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const deal = pgTable(
  "deal",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** Null for a direct deal: staff opened it from a credit application or calculator lead (source "direct"). */
    vendorCompanyId: uuid("vendor_company_id").references(() => vendorCompany.id),
    /** Null for a deal a customer started through the company's link. */
    submittedByUserId: text("submitted_by_user_id").references(() => user.id),
    /**
     * The vendor user the deal belongs to inside the company (docs/product-rules.md#r53-a-dealers-team): who
     * submitted it, the rep whose link brought it, or whom an admin gave it; null: the company's alone.
     */
    ownerUserId: text("owner_user_id").references(() => user.id),
    /**
     * "portal": a vendor submitted it; "vendor-link": a customer came through the company's link;
     * "direct": staff opened it from a lead that came to us directly (no vendor).
     */
    source: text("source", { enum: ["portal", "vendor-link", "direct"] })
      .notNull()
      .default("portal"),
    /** The lead a referred or direct deal came from. */
    referralLeadType: text("referral_lead_type", { enum: ["calculator", "questionnaire", "credit-application"] }),
    referralLeadId: uuid("referral_lead_id"),
    /** "VP" + 30000-40000, unique (docs/product-rules.md#r17-account-and-customer-numbers). */
    accountNumber: text("account_number").notNull().unique(),
    businessName: text("business_name").notNull(),
    ownersName: text("owners_name").notNull(),
    businessPhone: text("business_phone").notNull(),
    businessEmail: text("business_email").notNull(),
    stage: integer("stage").notNull().default(1),
    notes: text("notes").notNull().default("New Submission!"),
    /** Credit tier 0-3 (spec dealScore). */
    dealScore: integer("deal_score").notNull().default(0),
    costOfEquipment: numeric("cost_of_equipment", { precision: 14, scale: 2, mode: "number" }).notNull().default(0),
    downPayment: numeric("down_payment", { precision: 14, scale: 2, mode: "number" }).notNull().default(0),
    /** What the credit team approved (docs/product-rules.md#r12-stages); null until they set it. */
    approvedAmount: numeric("approved_amount", { precision: 14, scale: 2, mode: "number" }),
    description: text("description").notNull(),
    equipmentDescription: text("equipment_description").notNull(),
    /** Month (0-11) and year submitted, in the business time zone. */
    monthSubmitted: integer("month_submitted").notNull(),
    yearInFile: integer("year_in_file").notNull(),
    lastUpdate: timestamp("last_update", { withTimezone: true }).notNull().defaultNow(),
    /** ECOA adverse-action timeline, recorded when a deal is declined. */
    declinedReceivedOn: date("declined_received_on"),
    declinedCompletedOn: date("declined_completed_on"),
    declinedNoticeSentOn: date("declined_notice_sent_on"),
    /**
     * When the vendor wrote and the credit team has not answered since ("Waiting for us",
     * docs/product-rules.md#r14-messages-and-waiting-for-us):
     * set by a vendor's message (kept if already set), cleared by staff's (post-message.ts,
     * create-deal.ts's first comment); null when the last message is staff's or there is none.
     */
    awaitingReplySince: timestamp("awaiting_reply_since", { withTimezone: true }),
    /**
     * What the back office's deal search matches (list-all-deals.ts), stored so that a search
     * reading the list's index in order tests a column instead of recomputing the phone's digits
     * for every row; the trigram index deal_search_idx is on it (drizzle/0015).
     */
    searchText: text("search_text").generatedAlwaysAs(
      sql.raw(
        `lower("account_number" || ' ' || "business_name" || ' ' || "owners_name" || ' ' || "business_email") || ' ' || regexp_replace("business_phone", '\\D', '', 'g')`,
      ),
    ),
    /**
     * How many of its stips wait for the dealer or the applicant (requested or rejected), kept by the
     * trigger deal_open_stips_maintain on deal_stip (migration 0024) so that no path forgets it: the
     * dealer dashboard sums it (docs/product-rules.md#r55-stipulations).
     */
    openStips: integer("open_stips").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    // The dealer dashboard's open stips: the few deals that have some, by company and owner.
    index("deal_open_stips_idx")
      .on(table.vendorCompanyId, table.ownerUserId, table.stage, table.openStips)
      .where(sql`${table.openStips} > 0`),
    uniqueIndex("deal_company_idempotency_idx").on(table.vendorCompanyId, table.idempotencyKey),
    index("deal_company_period_idx").on(
      table.vendorCompanyId,
      table.yearInFile,
      table.monthSubmitted,
      table.lastUpdate,
    ),
    index("deal_company_last_update_idx").on(table.vendorCompanyId, table.lastUpdate),
    // A sales rep's deals, in the portal list's order: of a month, and of all times.
    index("deal_company_owner_period_idx").on(
      table.vendorCompanyId,
      table.ownerUserId,
      table.yearInFile,
      table.monthSubmitted,
      table.lastUpdate,
    ),
    index("deal_company_owner_idx").on(table.vendorCompanyId, table.ownerUserId, table.lastUpdate),
    // The back-office home counts deals by stage (new deals waiting for an answer).
    index("deal_stage_idx").on(table.stage, table.lastUpdate),
    // Exports read a date range in keyset batches.
    index("deal_created_idx").on(table.createdAt, table.id),
    // The back-office deal list's sorts: keyset pages on (sort column, id).
    index("deal_last_update_idx").on(table.lastUpdate, table.id),
    index("deal_business_name_idx").on(table.businessName, table.id),
    // "Waiting for us": the few deals the vendor wrote last, in the list's default order.
    index("deal_awaiting_reply_idx")
      .on(table.lastUpdate, table.id)
      .where(sql`${table.awaitingReplySince} is not null`),
    // One referred deal per lead, found from the lead's page.
    uniqueIndex("deal_referral_lead_idx").on(table.referralLeadType, table.referralLeadId),
  ],
);

export const dealClient = pgTable("deal_client", {
  dealId: uuid("deal_id")
    .primaryKey()
    .references(() => deal.id, { onDelete: "cascade" }),
  /** 30000-60000, unique (docs/product-rules.md#r17-account-and-customer-numbers). */
  customerNumber: integer("customer_number").notNull().unique(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  nameOfBusiness: text("name_of_business").notNull(),
  emailContact: text("email_contact").notNull(),
  phoneNumber: text("phone_number").notNull(),
  ownerTitle: text("owner_title").notNull().default("Owner"),
  ownerPercentage: integer("owner_percentage").notNull().default(100),
  businessTaxIdEncrypted: text("business_tax_id_encrypted"),
  businessTaxIdLast4: text("business_tax_id_last4"),
  dobEncrypted: text("dob_encrypted"),
  contactTeamMember: text("contact_team_member").notNull().default("Sales"),
  referralSource: text("referral_source").notNull(),
});

export const dealDocument = pgTable(
  "deal_document",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dealId: uuid("deal_id")
      .notNull()
      .references(() => deal.id, { onDelete: "cascade" }),
    /** Set for a message's attachments; null for the documents of the new-deal dialog. */
    messageId: uuid("message_id"),
    slot: text("slot").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    /** The spec's {vendorEmail}/{businessName}: a logical folder, never a file-system path. */
    logicalFolder: text("logical_folder").notNull(),
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("deal_document_deal_idx").on(table.dealId)],
);

export const dealMessage = pgTable(
  "deal_message",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dealId: uuid("deal_id")
      .notNull()
      .references(() => deal.id, { onDelete: "cascade" }),
    authorUserId: text("author_user_id")
      .notNull()
      .references(() => user.id),
    authorRole: text("author_role", { enum: ["vendor", "staff"] }).notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("deal_message_deal_idx").on(table.dealId, table.createdAt)],
);

/**
 * When the vendor company last opened a deal's page. One row per deal:
 * a deal belongs to one company, so this is per deal and company, not per user — the credit
 * team answers the company, and any of its users opening the deal has seen the answer.
 */
export const dealVendorRead = pgTable("deal_vendor_read", {
  dealId: uuid("deal_id")
    .primaryKey()
    .references(() => deal.id, { onDelete: "cascade" }),
  readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every change the credit team makes to a deal: who, when, which field, from -> to. */
export const dealHistory = pgTable(
  "deal_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dealId: uuid("deal_id")
      .notNull()
      .references(() => deal.id, { onDelete: "cascade" }),
    /** Null for a move the product made itself, or a signer's step: `actor_label` says who or why. */
    actorUserId: text("actor_user_id").references(() => user.id),
    /** "Automatically, every stip in," (docs/product-rules.md#r55-stipulations), a signer's name, ... */
    actorLabel: text("actor_label"),
    field: text("field").notNull(),
    fromValue: text("from_value").notNull(),
    toValue: text("to_value").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("deal_history_deal_idx").on(table.dealId, table.at)],
);
