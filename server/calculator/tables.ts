import { createdAt } from "../db/columns.ts";
import { partner } from "../partners/tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const calculatorLead = pgTable(
  "calculator_lead",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    partnerId: uuid("partner_id").references(() => partner.id),
    /** The vendor company whose link brought the lead. */
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
    /** Answers the original product collected but never sent (docs/product-rules.md#r52-forms-check-what-the-spec-checks), kept for the credit team. */
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
