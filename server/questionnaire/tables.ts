import { createdAt } from "../db/columns.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { boolean, index, integer, jsonb, numeric, pgTable, text, uuid } from "drizzle-orm/pg-core";

export const questionnaireAnswer = pgTable(
  "questionnaire_answer",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    visitId: text("visit_id"),
    /** The vendor company whose link brought the lead. */
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
    /** The spec's year code: months in business by years ago (docs/product-rules.md#r8-questionnaire-pricing). */
    monthsInBusiness: integer("months_in_business").notNull(),
    vendorName: text("vendor_name").notNull(),
    vendorPhone: text("vendor_phone").notNull(),
    equipmentDescription: text("equipment_description").notNull(),
    newOrUsed: text("new_or_used").notNull(),
    equipmentCost: numeric("equipment_cost", { precision: 14, scale: 2, mode: "number" }).notNull(),
    desiredTerm: integer("desired_term").notNull(),
    monthlyRevenueGenerated: numeric("monthly_revenue_generated", {
      precision: 14,
      scale: 2,
      mode: "number",
    }).notNull(),
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
  (table) => [
    index("picked_option_created_idx").on(table.createdAt, table.id),
    index("picked_option_answer_idx").on(table.answerId),
  ],
);
