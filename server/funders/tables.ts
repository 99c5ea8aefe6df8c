import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "../db/columns.ts";

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
