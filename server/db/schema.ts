import { type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

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
    /**
     * The vendor's link, /vendor_partner/<slug> (issue 18): unique, lower case. An insert that
     * leaves it empty gets one derived from the name by a trigger (drizzle/, hand-written
     * vendor-links block; the rule is domain/vendors/vendor-slug.ts), so every company has one.
     * Its unique index (vendor_company_slug_key) is hand-written too: it must follow the backfill.
     */
    slug: text("slug").notNull().default(""),
    createdAt: createdAt(),
  },
  // Two companies never share a name (issue 15): the index compares names as vendorCompanyNameKey does.
  // The vendors list's sorts (issue 17): keyset pages on (name, id) and (created_at, id); its search
  // is a trigram index on lower(name) (hand-written in drizzle/0014).
  (table) => [
    uniqueIndex("vendor_company_name_key").on(vendorCompanyNameKey(table.name)),
    index("vendor_company_name_idx").on(table.name, table.id),
    index("vendor_company_created_idx").on(table.createdAt, table.id),
  ],
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
    /**
     * When the user last proved a factor in this session: the sign-in's last factor, or a later
     * confirm-identity (the step-up before reveals, exports, downloads, new keys and endpoints).
     */
    factorVerifiedAt: timestamp("factor_verified_at", { withTimezone: true }),
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

/** A file attached to an outbox mail: small documents only (a notice PDF is a few KB). */
export type MailAttachment = { filename: string; contentType: string; contentBase64: string };

// ---- Mail outbox: the spec's "mail record", delivered by server/mail/deliver-outbox.ts ----

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
    /** Files sent with the mail (a quote's or an adverse-action notice's PDF), base64, a few KB each; null for none. */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    /** The fragments of its links (their secrets), encrypted with the field cipher; html and text hold them hidden. Cleared once sent. */
    linkSecrets: text("link_secrets"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    index("mail_outbox_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`status = 'pending'`),
    // Mails to one address in the last hour (count-recent-mails-to.ts).
    index("mail_outbox_to_created_idx").on(sql`lower(${table.to})`, table.createdAt),
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
  (table) => [
    index("audit_log_at_idx").on(table.at),
    index("audit_log_action_subject_idx").on(table.action, table.subject),
    // Keyset pages of the audit list (issue 17).
    index("audit_log_at_id_idx").on(table.at, table.id),
  ],
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
    /** The vendor company whose link brought the lead (issue 18). */
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

// ---- Landing questionnaire (spec: answers) and the option picked on /FinancingOptions ----

export const questionnaireAnswer = pgTable(
  "questionnaire_answer",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    visitId: text("visit_id"),
    /** The vendor company whose link brought the lead (issue 18). */
    vendorCompanyId: uuid("vendor_company_id").references(() => vendorCompany.id),
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
  (table) => [
    index("questionnaire_answer_created_idx").on(table.createdAt, table.id),
    index("questionnaire_answer_phone_idx").on(table.businessPhone),
    index("questionnaire_answer_vendor_idx").on(table.vendorCompanyId, table.createdAt),
  ],
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
  /** The vendor company this branding belongs to (issue 18); null for a stand-alone partner. */
  vendorCompanyId: uuid("vendor_company_id")
    .unique()
    .references(() => vendorCompany.id),
  createdAt: createdAt(),
});

export const calculatorLead = pgTable(
  "calculator_lead",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    partnerId: uuid("partner_id").references(() => partner.id),
    /** The vendor company whose link brought the lead (issue 18). */
    vendorCompanyId: uuid("vendor_company_id").references(() => vendorCompany.id),
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
  (table) => [
    index("calculator_lead_created_idx").on(table.createdAt, table.id),
    index("calculator_lead_email_idx").on(table.ownerEmail),
    index("calculator_lead_phone_idx").on(table.ownerPhone),
    index("calculator_lead_vendor_idx").on(table.vendorCompanyId, table.createdAt),
  ],
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
    /** Null for a deal a customer started through the company's link (issue 18). */
    submittedByUserId: text("submitted_by_user_id").references(() => user.id),
    /** "portal": a vendor submitted it; "vendor-link": a customer came through the company's link. */
    source: text("source", { enum: ["portal", "vendor-link"] })
      .notNull()
      .default("portal"),
    /** The lead a referred deal came from (issue 18). */
    referralLeadType: text("referral_lead_type", { enum: ["calculator", "questionnaire", "credit-application"] }),
    referralLeadId: uuid("referral_lead_id"),
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
    /**
     * When the vendor wrote and the credit team has not answered since ("Waiting for us", issue 17):
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
      sql.raw(`lower("account_number" || ' ' || "business_name" || ' ' || "owners_name" || ' ' || "business_email") || ' ' || regexp_replace("business_phone", '\\D', '', 'g')`),
    ),
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
    // The back-office deal list's sorts (issue 17): keyset pages on (sort column, id).
    index("deal_last_update_idx").on(table.lastUpdate, table.id),
    index("deal_business_name_idx").on(table.businessName, table.id),
    // "Waiting for us" (issue 17): the few deals the vendor wrote last, in the list's default order.
    index("deal_awaiting_reply_idx")
      .on(table.lastUpdate, table.id)
      .where(sql`${table.awaitingReplySince} is not null`),
    // One referred deal per lead, found from the lead's page (issue 18).
    uniqueIndex("deal_referral_lead_idx").on(table.referralLeadType, table.referralLeadId),
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

/**
 * The lead index (issue 17): one row per lead of any kind, written with the lead
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

// ---- Response times (issue 17: the 30-minute promise, measured) ----

/**
 * The promise clock of each lead and deal: when it arrived, when the first contact is due (the
 * credit team's hours, `domain/response-times/response-promise.ts`), and the first contact (who, when).
 * Written when the lead or deal is stored and when the credit team first acts on it; no customer data.
 */
export const responseClock = pgTable(
  "response_clock",
  {
    subjectKind: text("subject_kind", { enum: ["lead", "deal"] }).notNull(),
    /** The lead's type (`leadTypes`) or "deal". */
    subjectType: text("subject_type").notNull(),
    subjectId: uuid("subject_id").notNull(),
    /** `responseSources`: a text column, so a new source needs no migration. */
    source: text("source").notNull(),
    arrivedAt: timestamp("arrived_at", { withTimezone: true }).notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    firstContactAt: timestamp("first_contact_at", { withTimezone: true }),
    firstContactBy: text("first_contact_by").references(() => user.id, { onDelete: "set null" }),
  },
  (table) => [
    uniqueIndex("response_clock_subject_idx").on(table.subjectType, table.subjectId),
    // Not yet contacted, newest due first: "overdue now" and the board's waiting and overdue (the
    // board's other numbers come from the rollups, response_day). Migration 0015 recreates it with
    // INCLUDE (subject_type, subject_id, source, arrived_at) for index-only scans.
    index("response_clock_waiting_idx")
      .on(table.subjectKind, table.dueAt.desc())
      .where(sql`${table.firstContactAt} is null`),
  ],
);

/**
 * Daily rollups of `response_clock` for the response-times board: per kind, business day of
 * arrival and source, the arrivals, the contacted, those contacted by their due time, and the
 * minutes to first contact as counts per bucket (`domain/response-times/wait-histogram.ts`). Kept by the
 * trigger response_day_maintain on every write to response_clock (migration 0015), so no path
 * can forget it; rebuilt by rebuild_response_days() when the business time zone changes.
 */
export const responseDay = pgTable(
  "response_day",
  {
    subjectKind: text("subject_kind", { enum: ["lead", "deal"] }).notNull(),
    day: date("day").notNull(),
    source: text("source").notNull(),
    arrived: integer("arrived").notNull().default(0),
    contacted: integer("contacted").notNull().default(0),
    kept: integer("kept").notNull().default(0),
    waitCounts: integer("wait_counts").array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.subjectKind, table.day, table.source] })],
);

/** The business time zone `response_day`'s days are counted in: one row, set at start (`syncResponseDayZone`). */
export const responseDayZone = pgTable(
  "response_day_zone",
  {
    singleton: boolean("singleton").primaryKey().default(true),
    timeZone: text("time_zone").notNull(),
  },
  (table) => [check("response_day_zone_one_row", sql`${table.singleton}`)],
);

/**
 * The admins' changes to the credit team's calendar (domain/site/working-calendar.ts): a day off
 * added (`closed`) or a default day off worked. Days without a row follow the default (Monday to
 * Friday less the federal holidays); the SQL rule `is_working_day()` reads this table too.
 */
export const workingCalendarDay = pgTable("working_calendar_day", {
  day: date("day").primaryKey(),
  closed: boolean("closed").notNull(),
  label: text("label").notNull(),
  changedByUserId: text("changed_by_user_id")
    .notNull()
    .references(() => user.id),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---- Vendor links (issue 18): visits to each company's /vendor_partner/<slug> pages ----

/** One counter per company and day (business time zone): no personal data. */
export const vendorLinkVisit = pgTable(
  "vendor_link_visit",
  {
    vendorCompanyId: uuid("vendor_company_id")
      .notNull()
      .references(() => vendorCompany.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    visits: integer("visits").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.vendorCompanyId, table.day] })],
);

// ---- Issue 20: saved credit applications and the applicant's status mails ----

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
  (table) => [index("credit_application_draft_email_idx").on(table.emailHash, table.createdAt), index("credit_application_draft_expires_idx").on(table.expiresAt)],
);

/** One row per status mail sent: its opt-out link's token (hashed) and the address it stands for (hashed). */
export const statusMailOptOutToken = pgTable(
  "status_mail_opt_out_token",
  {
    tokenHash: text("token_hash").primaryKey(),
    emailHash: text("email_hash").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("status_mail_opt_out_token_created_idx").on(table.createdAt)],
);

/** Addresses (hashed) that asked for no more status mails. */
export const statusMailOptOut = pgTable("status_mail_opt_out", {
  emailHash: text("email_hash").primaryKey(),
  createdAt: createdAt(),
});

// ---- Webhooks (issue 19 part 3): a vendor's endpoints, the events, and one delivery per event and endpoint (an outbox) ----

/** An https address a vendor company registered for some event types; its signing secret is encrypted (field cipher). */
export const webhookEndpoint = pgTable(
  "webhook_endpoint",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    vendorCompanyId: uuid("vendor_company_id")
      .notNull()
      .references(() => vendorCompany.id),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    secretEncrypted: text("secret_encrypted").notNull(),
    description: text("description").notNull().default(""),
    enabled: boolean("enabled").notNull().default(true),
    createdByUserId: text("created_by_user_id")
      .notNull()
      .references(() => user.id),
    createdAt: createdAt(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
  },
  (table) => [index("webhook_endpoint_company_idx").on(table.vendorCompanyId, table.createdAt)],
);

/** What happened, once: its id is the event id every delivery (and redelivery) carries. */
export const webhookEvent = pgTable(
  "webhook_event",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    vendorCompanyId: uuid("vendor_company_id")
      .notNull()
      .references(() => vendorCompany.id),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("webhook_event_company_idx").on(table.vendorCompanyId, table.createdAt)],
);

/** One event to one endpoint: pending until a 2xx (delivered) or the last retry (failed). */
export const webhookDelivery = pgTable(
  "webhook_delivery",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => webhookEvent.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoint.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    lastStatusCode: integer("last_status_code"),
    /** Short and without secrets: "connection refused", "redirect (302) not followed". */
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** Made by "Redeliver" (counted by its limits), not by the event itself. */
    redelivery: boolean("redelivery").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index("webhook_delivery_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index("webhook_delivery_endpoint_idx").on(table.endpointId, table.createdAt),
  ],
);

// ---- API keys and /api/v1 (issue 19) ----

/**
 * A vendor company's API key. Only the SHA-256 of the secret is kept (the key is random with
 * 190+ bits, so a fast hash is enough: there is nothing to guess); `prefix` is its first
 * characters, shown in lists so people can tell keys apart.
 */
export const apiKey = pgTable(
  "api_key",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    vendorCompanyId: uuid("vendor_company_id")
      .notNull()
      .references(() => vendorCompany.id),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull(),
    createdByUserId: text("created_by_user_id")
      .notNull()
      .references(() => user.id),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedByUserId: text("revoked_by_user_id").references(() => user.id),
  },
  (table) => [uniqueIndex("api_key_secret_hash_idx").on(table.secretHash), index("api_key_company_idx").on(table.vendorCompanyId, table.createdAt)],
);

/**
 * An `Idempotency-Key` of a v1 create, per company: what the request was (a fingerprint of its
 * route and body) and, once answered, the answer to replay. `status` is null while it runs.
 */
export const apiIdempotency = pgTable(
  "api_idempotency",
  {
    vendorCompanyId: uuid("vendor_company_id")
      .notNull()
      .references(() => vendorCompany.id),
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    status: integer("status"),
    response: jsonb("response"),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("api_idempotency_company_key_idx").on(table.vendorCompanyId, table.key), index("api_idempotency_created_idx").on(table.createdAt)],
);

// ---- Adverse-action notices and duplicates (issue 20 parts 3 and 4) ----

/** What the adverse-action notice and the duplicate check are about: a deal or a public lead. */
export const adverseActionSubjectTypes = ["deal", "credit-application"] as const;
export const duplicateRecordTypes = ["deal", "credit-application", "calculator"] as const;

/**
 * The credit team's decision on a credit application (deals have their stage): the ECOA dates
 * as on `deal` (received, decided, notice sent).
 */
export const creditApplicationDecision = pgTable(
  "credit_application_decision",
  {
    applicationId: uuid("application_id")
      .primaryKey()
      .references(() => creditApplication.id, { onDelete: "cascade" }),
    decision: text("decision", { enum: ["pending", "approved", "declined"] }).notNull(),
    receivedOn: date("received_on").notNull(),
    decidedOn: date("decided_on").notNull(),
    noticeSentOn: date("notice_sent_on"),
    decidedByUserId: text("decided_by_user_id").references(() => user.id),
    updatedAt: updatedAt(),
  },
  (table) => [index("credit_application_decision_declined_idx").on(table.decision, table.noticeSentOn)],
);

/** The notice's content as staff chose it: principal reasons or the right-to-request statement. */
export const adverseActionNotice = pgTable(
  "adverse_action_notice",
  {
    subjectType: text("subject_type", { enum: adverseActionSubjectTypes }).notNull(),
    subjectId: uuid("subject_id").notNull(),
    statement: text("statement", { enum: ["reasons", "right-to-request"] })
      .notNull()
      .default("reasons"),
    /** Codes from domain/adverse-action/reasons.ts. */
    reasons: jsonb("reasons").$type<string[]>().notNull().default([]),
    otherReason: text("other_reason").notNull().default(""),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    sentByUserId: text("sent_by_user_id").references(() => user.id),
    sentTo: text("sent_to"),
    /** The applicant's address entered by staff, when the one on file is missing or a user's (never a user's). */
    recipientEmail: text("recipient_email"),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("adverse_action_notice_subject_idx").on(table.subjectType, table.subjectId)],
);

/**
 * What a record is matched on, as keyed hashes only (FieldCipher.lookupHash of "kind:normalised
 * value"): a tax id, e-mail, phone or an owner's SSN is never stored here in clear.
 */
export const duplicateMatchKey = pgTable(
  "duplicate_match_key",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recordType: text("record_type", { enum: duplicateRecordTypes }).notNull(),
    recordId: uuid("record_id").notNull(),
    /** One of `matchKinds` (domain/duplicates/match-keys.ts). */
    kind: text("kind", { enum: ["tax-id", "email", "phone", "owner-ssn", "owner-phone", "owner-email"] }).notNull(),
    keyHash: text("key_hash").notNull(),
    createdAt: createdAt(),
  },
  // The retention job finds keys past the 90-day window by created_at (issue 27).
  (table) => [
    index("duplicate_match_key_lookup_idx").on(table.keyHash, table.createdAt),
    index("duplicate_match_key_record_idx").on(table.recordType, table.recordId),
    index("duplicate_match_key_created_idx").on(table.createdAt),
  ],
);

/** A newer record that matched an earlier one within 90 days; staff merge (one file) or dismiss. */
export const duplicateLink = pgTable(
  "duplicate_link",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    newerType: text("newer_type", { enum: duplicateRecordTypes }).notNull(),
    newerId: uuid("newer_id").notNull(),
    earlierType: text("earlier_type", { enum: duplicateRecordTypes }).notNull(),
    earlierId: uuid("earlier_id").notNull(),
    /** What matched: any of `matchKinds` (domain/duplicates/match-keys.ts). */
    reasons: jsonb("reasons").$type<string[]>().notNull(),
    status: text("status", { enum: ["open", "merged", "dismissed"] })
      .notNull()
      .default("open"),
    decidedByUserId: text("decided_by_user_id").references(() => user.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("duplicate_link_pair_idx").on(table.newerType, table.newerId, table.earlierType, table.earlierId),
    index("duplicate_link_earlier_idx").on(table.earlierType, table.earlierId),
    index("duplicate_link_status_idx").on(table.status, table.createdAt),
  ],
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
  // The retention job finds quotes by their last activity (purge-expired-data.ts, issue 27).
  (table) => [
    index("vendor_quote_company_idx").on(table.companyId, table.createdAt),
    index("vendor_quote_company_sent_idx").on(table.companyId, table.sentAt),
    index("vendor_quote_last_activity_idx").on(sql`greatest(${table.createdAt}, ${table.sentAt}, ${table.openedAt}, ${table.appliedAt}, ${table.withdrawnAt})`),
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
