import { user } from "../auth/tables.ts";
import { createdAt, updatedAt } from "../db/columns.ts";
import { vendorCompany } from "../vendors/tables.ts";
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const footerMessage = pgTable(
  "footer_message",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    nameOfBusiness: text("name_of_business").notNull(),
    nameUser: text("name_user").notNull(),
    emailUser: text("email_user").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("footer_message_created_idx").on(table.createdAt, table.id),
    index("footer_message_email_idx").on(table.emailUser),
  ],
);

export const vendorContact = pgTable(
  "vendor_contact",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    businessName: text("business_name").notNull(),
    contactName: text("contact_name").notNull(),
    phoneNumber: text("phone_number").notNull(),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("vendor_contact_created_idx").on(table.createdAt, table.id),
    index("vendor_contact_email_idx").on(table.email),
    index("vendor_contact_phone_idx").on(table.phoneNumber),
  ],
);

export const creditApplication = pgTable(
  "credit_application",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** The vendor company whose link brought the lead. */
    vendorCompanyId: uuid("vendor_company_id").references(() => vendorCompany.id),
    businessName: text("business_name").notNull(),
    /** Federal tax id, encrypted (server/shared/crypto/field-cipher.ts); null when not given. */
    fedIdEncrypted: text("fed_id_encrypted"),
    fedIdLast4: text("fed_id_last4"),
    businessAddress: text("business_address").notNull(),
    businessCity: text("business_city").notNull(),
    businessState: text("business_state").notNull(),
    businessZipCode: text("business_zip_code").notNull(),
    businessPhone: text("business_phone").notNull(),
    businessEmail: text("business_email").notNull(),
    businessContact: text("business_contact").notNull(),
    annualGrossRevenue: numeric("annual_gross_revenue", { precision: 14, scale: 2, mode: "number" }),
    businessStarted: date("business_started").notNull(),
    vendorName: text("vendor_name").notNull(),
    costOfEquipment: numeric("cost_of_equipment", { precision: 14, scale: 2, mode: "number" }),
    equipmentDescription: text("equipment_description").notNull(),
    vendorContactName: text("vendor_contact_name").notNull(),
    vendorPhoneNumber: text("vendor_phone_number").notNull(),
    vendorEmail: text("vendor_email").notNull(),
    acceptCheck: boolean("accept_check").notNull(),
    /** The day the application was complete (12 CFR 1002.9(a)(1)), as staff recorded it; null: the day it was received. */
    completedOn: date("completed_on"),
    createdAt: createdAt(),
  },
  (table) => [
    index("credit_application_created_idx").on(table.createdAt, table.id),
    index("credit_application_email_idx").on(table.businessEmail),
    index("credit_application_phone_idx").on(table.businessPhone),
    index("credit_application_vendor_idx").on(table.vendorCompanyId, table.createdAt),
  ],
);

export const creditApplicationOwner = pgTable(
  "credit_application_owner",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => creditApplication.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    title: text("title").notNull(),
    ownershipPercent: integer("ownership_percent").notNull(),
    ssnEncrypted: text("ssn_encrypted").notNull(),
    ssnLast4: text("ssn_last4").notNull(),
    homeAddress: text("home_address").notNull(),
    homeCity: text("home_city").notNull(),
    homeState: text("home_state").notNull(),
    homeZipCode: text("home_zip_code").notNull(),
    homePhone: text("home_phone").notNull(),
    homeEmail: text("home_email").notNull(),
  },
  (table) => [uniqueIndex("credit_application_owner_position_idx").on(table.applicationId, table.position)],
);

/**
 * The lead index: one row per lead of any kind, written with the lead
 * (`server/leads/index-lead.ts`), holding what the lead list searches, filters and sorts
 * on, and the credit team's handling: status, assignee and notes. `search_text` has a trigram GIN
 * index (hand-written in the migration).
 */
export const leadStatus = pgTable(
  "lead_status",
  {
    leadType: text("lead_type").notNull(),
    leadId: uuid("lead_id").notNull(),
    /** The lead's own created_at (copied, so the list sorts and pages on this table alone). */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The inbox's title and contact line (all-leads.ts); the title may be long (a footer message). */
    title: text("title").notNull().default(""),
    contact: text("contact").notNull().default(""),
    /** Lower-cased names, business, e-mail and the phone's digits: what the search matches (partially). */
    searchText: text("search_text").notNull().default(""),
    status: text("status", { enum: ["new", "contacted", "closed"] })
      .notNull()
      .default("new"),
    assigneeUserId: text("assignee_user_id").references(() => user.id),
    /** The credit team's own notes on the lead (never shown to visitors or vendors). */
    notes: text("notes").notNull().default(""),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("lead_status_lead_idx").on(table.leadType, table.leadId),
    // Keyset pages of the lead list: each sort, and each single filter with the default sort.
    index("lead_status_created_idx").on(table.createdAt, table.leadId),
    index("lead_status_title_idx").on(table.title, table.leadId),
    index("lead_status_type_created_idx").on(table.leadType, table.createdAt, table.leadId),
    index("lead_status_status_created_idx").on(table.status, table.createdAt, table.leadId),
    index("lead_status_assignee_created_idx").on(table.assigneeUserId, table.createdAt, table.leadId),
  ],
);

/** Every change the credit team makes to a lead's status, assignee or notes: who, when, from -> to. */
export const leadHistory = pgTable(
  "lead_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadType: text("lead_type").notNull(),
    leadId: uuid("lead_id").notNull(),
    actorUserId: text("actor_user_id")
      .notNull()
      .references(() => user.id),
    field: text("field", { enum: ["status", "assignee", "notes", "completedOn"] }).notNull(),
    fromValue: text("from_value").notNull(),
    toValue: text("to_value").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("lead_history_lead_idx").on(table.leadType, table.leadId, table.at)],
);

/**
 * "Save and finish later" on /ApplyNow. The whole draft (SSN, tax id and everything else typed) is
 * one field-cipher token; the link's token and the e-mail address are kept only as SHA-256
 * hashes. The payload is dropped when the draft is used or replaced, and the row is purged when
 * it expires. Never read by staff screens, exports or vendors.
 */
export const creditApplicationDraft = pgTable(
  "credit_application_draft",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    emailHash: text("email_hash").notNull(),
    payloadEncrypted: text("payload_encrypted"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    index("credit_application_draft_email_idx").on(table.emailHash, table.createdAt),
    index("credit_application_draft_expires_idx").on(table.expiresAt),
  ],
);
