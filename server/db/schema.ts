import { type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, boolean, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ---- Vendor companies (decisions.md 6: a deal belongs to a company, not a display name) ----

/** A company name as it is compared: without case or white space ("Ola Equipment" = "ola  EQUIPMENT" = "OlaEquipment"). */
export const vendorCompanyNameKey = (name: SQL | AnyPgColumn | string) => sql`lower(regexp_replace(${name}, '[[:space:]]+', '', 'g'))`;

export const vendorCompany = pgTable(
  "vendor_company",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** The spec's 6-digit "company ID" that staff type on /VendorSignUp. */
    companyCode: text("company_code").notNull().unique(),
    createdAt: createdAt(),
  },
  // Two companies never share a name (issue 15): the index compares names as vendorCompanyNameKey does.
  (table) => [uniqueIndex("vendor_company_name_key").on(vendorCompanyNameKey(table.name))],
);

// ---- better-auth tables (property names are better-auth's field names) ----

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  role: text("role").notNull().default("vendor"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  vendorCompanyId: uuid("vendor_company_id").references(() => vendorCompany.id),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    /** When the user last proved a factor again in this session (step-up before reveals and exports). */
    reauthenticatedAt: timestamp("reauthenticated_at", { withTimezone: true }),
  },
  (table) => [index("session_user_id_idx").on(table.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("account_user_id_idx").on(table.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("verification_identifier_idx").on(table.identifier)],
);

export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** The last TOTP time step accepted: a code of that step or an earlier one is refused (RFC 6238 5.2). */
    lastUsedStep: bigint("last_used_step", { mode: "number" }),
  },
  (table) => [index("two_factor_user_id_idx").on(table.userId), index("two_factor_secret_idx").on(table.secret)],
);

export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---- Mail outbox: the spec's "mail record", delivered by server/jobs/deliver-outbox.ts ----

export type MailAttachment = { filename: string; contentType: string; contentBase64: string };

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: ["pending", "sent"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    /** Files sent with the mail (quotes' PDFs, issue 18): base64 content, a few KB each. */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    index("mail_outbox_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`status = 'pending'`),
  ],
);

// ---- Audit log: append-only (a trigger refuses UPDATE and DELETE) ----

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorUserId: text("actor_user_id"),
    action: text("action").notNull(),
    subject: text("subject"),
    ipAddress: text("ip_address"),
    details: jsonb("details").$type<Record<string, unknown>>(),
  },
  (table) => [index("audit_log_at_idx").on(table.at), index("audit_log_action_subject_idx").on(table.action, table.subject)],
);

// ---- Public leads (spec section 3). Each has the form's idempotency key: a repeat stores nothing. ----

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
  (table) => [index("footer_message_created_idx").on(table.createdAt, table.id), index("footer_message_email_idx").on(table.emailUser)],
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
  (table) => [index("vendor_contact_created_idx").on(table.createdAt, table.id), index("vendor_contact_email_idx").on(table.email), index("vendor_contact_phone_idx").on(table.phoneNumber)],
);

export const creditApplication = pgTable(
  "credit_application",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    businessName: text("business_name").notNull(),
    /** Federal tax id, encrypted (server/modules/crypto/field-cipher.ts); null when not given. */
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
    createdAt: createdAt(),
  },
  (table) => [
    index("credit_application_created_idx").on(table.createdAt, table.id),
    index("credit_application_email_idx").on(table.businessEmail),
    index("credit_application_phone_idx").on(table.businessPhone),
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

// ---- Landing questionnaire (spec: answers) and the option picked on /FinancingOptions ----

export const questionnaireAnswer = pgTable(
  "questionnaire_answer",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    visitId: text("visit_id"),
    nameOfOwner: text("name_of_owner").notNull(),
    businessName: text("business_name").notNull(),
    businessPhone: text("business_phone").notNull(),
    lengthCredit: integer("length_credit").notNull(),
    creditScore: integer("credit_score").notNull(),
    ccAvailability: integer("cc_availability").notNull(),
    bankruptcy: boolean("bankruptcy").notNull(),
    ownerRent: text("owner_rent").notNull(),
    personalCreditAccounts: text("personal_credit_accounts").notNull(),
    businessLoans: text("business_loans").notNull(),
    startMonth: text("start_month").notNull(),
    startYear: integer("start_year").notNull(),
    /** The spec's year code: months in business by years ago (decisions.md 3a). */
    monthsInBusiness: integer("months_in_business").notNull(),
    vendorName: text("vendor_name").notNull(),
    vendorPhone: text("vendor_phone").notNull(),
    equipmentDescription: text("equipment_description").notNull(),
    newOrUsed: text("new_or_used").notNull(),
    equipmentCost: numeric("equipment_cost", { precision: 14, scale: 2, mode: "number" }).notNull(),
    desiredTerm: integer("desired_term").notNull(),
    monthlyRevenueGenerated: numeric("monthly_revenue_generated", { precision: 14, scale: 2, mode: "number" }).notNull(),
    annualGrossRevenue: numeric("annual_gross_revenue", { precision: 14, scale: 2, mode: "number" }).notNull(),
    /** The server's quote: null rate and payments when not eligible (bankruptcy, young credit). */
    eligible: boolean("eligible").notNull(),
    annualRate: numeric("annual_rate", { precision: 5, scale: 2, mode: "number" }),
    payments: jsonb("payments").$type<Record<"24" | "36" | "48" | "60" | "desired", number>>(),
    /** 'yes' once the visitor pressed "Yes, please contact me." */
    contactClient: text("contact_client", { enum: ["no", "yes"] })
      .notNull()
      .default("no"),
    createdAt: createdAt(),
  },
  (table) => [index("questionnaire_answer_created_idx").on(table.createdAt, table.id), index("questionnaire_answer_phone_idx").on(table.businessPhone)],
);

export const pickedOption = pgTable(
  "picked_option",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    answerId: uuid("answer_id")
      .notNull()
      .references(() => questionnaireAnswer.id, { onDelete: "cascade" }),
    businessName: text("business_name").notNull(),
    equipmentDescription: text("equipment_description").notNull(),
    equipmentCost: numeric("equipment_cost", { precision: 14, scale: 2, mode: "number" }).notNull(),
    desiredTerm: integer("desired_term").notNull(),
    term: integer("term").notNull(),
    /** The spec's pmtoption, recomputed by the server from the stored answer. */
    monthlyPayment: numeric("monthly_payment", { precision: 14, scale: 2, mode: "number" }).notNull(),
    agreeItsJustProposal: boolean("agree_its_just_proposal").notNull(),
    contactClient: text("contact_client", { enum: ["no", "yes"] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("picked_option_created_idx").on(table.createdAt, table.id), index("picked_option_answer_idx").on(table.answerId)],
);

// ---- GetQualified calculator: co-branded partners and the leads both calculators send ----

export const partner = pgTable("partner", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** The path segment of /vendor_partner/<slug>. */
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  logoUrl: text("logo_url").notNull(),
  /** An uploaded logo in file storage (served at /api/partners/<slug>/logo); null for a shipped one. */
  logoKey: text("logo_key"),
  logoContentType: text("logo_content_type"),
  primaryColor: text("primary_color").notNull(),
  accentColor: text("accent_color").notNull(),
  vendorName: text("vendor_name").notNull(),
  salesPerson: text("sales_person").notNull(),
  vendorPhone: text("vendor_phone").notNull(),
  createdAt: createdAt(),
});

export const calculatorLead = pgTable(
  "calculator_lead",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    partnerId: uuid("partner_id").references(() => partner.id),
    vendorName: text("vendor_name").notNull(),
    salesPersonName: text("sales_person_name").notNull(),
    vendorPhone: text("vendor_phone").notNull(),
    /** The spec's equipment flags (truck, reefer, new, used, day cab, sleeper). */
    equipment: jsonb("equipment").$type<Record<string, boolean>>().notNull(),
    notTruckingEquipment: text("not_trucking_equipment").notNull(),
    equipmentCost: numeric("equipment_cost", { precision: 14, scale: 2, mode: "number" }).notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    ownerEmail: text("owner_email").notNull(),
    ownerPhone: text("owner_phone").notNull(),
    /** The spec's entity flags (LLC, sole proprietorship, C-Corp, S-Corp, partnership, just starting). */
    entities: jsonb("entities").$type<Record<string, boolean>>().notNull(),
    firstTimeBuyer: boolean("first_time_buyer").notNull(),
    startMonth: text("start_month").notNull(),
    startYear: integer("start_year").notNull(),
    monthsInBusiness: integer("months_in_business").notNull(),
    monthlySales: numeric("monthly_sales", { precision: 14, scale: 2, mode: "number" }).notNull(),
    preferredTerm: integer("preferred_term").notNull(),
    creditScore: integer("credit_score").notNull(),
    lengthCredit: integer("length_credit").notNull(),
    bankruptcy: boolean("bankruptcy").notNull(),
    monthlyEarnings: numeric("monthly_earnings", { precision: 14, scale: 2, mode: "number" }).notNull(),
    /** Answers the original product collected but never sent (spec §3), kept for the credit team. */
    otherAnswers: jsonb("other_answers").$type<Record<string, string>>().notNull(),
    annualRate: numeric("annual_rate", { precision: 5, scale: 2, mode: "number" }).notNull(),
    downPaymentPercent: integer("down_payment_percent").notNull(),
    /** The spec's coeToChange: price less the down payment. */
    financedBase: numeric("financed_base", { precision: 14, scale: 2, mode: "number" }).notNull(),
    /** Low payment per term: the spec's twentyFour, thirtySix, fourtyEight, sixty. */
    payments: jsonb("payments").$type<Record<string, number>>().notNull(),
    chosenTerm: integer("chosen_term"),
    chosenAt: timestamp("chosen_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("calculator_lead_created_idx").on(table.createdAt, table.id), index("calculator_lead_email_idx").on(table.ownerEmail), index("calculator_lead_phone_idx").on(table.ownerPhone)],
);

// ---- Vendor deals (spec: VendorPortalInfo + businessInfo), documents and message threads ----

export const deal = pgTable(
  "deal",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull(),
    vendorCompanyId: uuid("vendor_company_id")
      .notNull()
      .references(() => vendorCompany.id),
    submittedByUserId: text("submitted_by_user_id")
      .notNull()
      .references(() => user.id),
    /** "VP" + 30000-40000, unique (decisions.md 6). */
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
    /** What the credit team approved (decisions.md 6); null until they set it. */
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
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("deal_company_idempotency_idx").on(table.vendorCompanyId, table.idempotencyKey),
    index("deal_company_period_idx").on(table.vendorCompanyId, table.yearInFile, table.monthSubmitted, table.lastUpdate),
    index("deal_company_last_update_idx").on(table.vendorCompanyId, table.lastUpdate),
    // The back-office home counts deals by stage (new deals waiting for an answer).
    index("deal_stage_idx").on(table.stage, table.lastUpdate),
    // Exports read a date range in keyset batches.
    index("deal_created_idx").on(table.createdAt, table.id),
  ],
);

export const dealClient = pgTable("deal_client", {
  dealId: uuid("deal_id")
    .primaryKey()
    .references(() => deal.id, { onDelete: "cascade" }),
  /** 30000-60000, unique (decisions.md 6). */
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
 * When the vendor company last opened a deal's page (issue 15's unread marker). One row per deal:
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
    actorUserId: text("actor_user_id")
      .notNull()
      .references(() => user.id),
    field: text("field").notNull(),
    fromValue: text("from_value").notNull(),
    toValue: text("to_value").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("deal_history_deal_idx").on(table.dealId, table.at)],
);

/** The credit team's handling of any lead: status and assignee, keyed by lead type and id. */
export const leadStatus = pgTable(
  "lead_status",
  {
    leadType: text("lead_type").notNull(),
    leadId: uuid("lead_id").notNull(),
    status: text("status", { enum: ["new", "contacted", "closed"] })
      .notNull()
      .default("new"),
    assigneeUserId: text("assignee_user_id").references(() => user.id),
    /** The credit team's own notes on the lead (never shown to visitors or vendors). */
    notes: text("notes").notNull().default(""),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("lead_status_lead_idx").on(table.leadType, table.leadId)],
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
    field: text("field", { enum: ["status", "assignee", "notes"] }).notNull(),
    fromValue: text("from_value").notNull(),
    toValue: text("to_value").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("lead_history_lead_idx").on(table.leadType, table.leadId, table.at)],
);

// ---- Vendor quotes to customers (issue 18) ----

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
  (table) => [index("vendor_quote_company_idx").on(table.companyId, table.createdAt), index("vendor_quote_company_sent_idx").on(table.companyId, table.sentAt)],
);
