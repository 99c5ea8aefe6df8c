import { earningsPayoutModes } from "#domain/earnings/earnings-shapes.ts";
import { createdAt } from "../db/columns.ts";
import { type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** A company name as it is compared: without case or white space ("Ola Equipment" = "ola  EQUIPMENT" = "OlaEquipment"). */
export const vendorCompanyNameKey = (name: SQL | AnyPgColumn | string) =>
  sql`lower(regexp_replace(${name}, '[[:space:]]+', '', 'g'))`;

export const vendorCompany = pgTable(
  "vendor_company",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** The spec's 6-digit "company ID" that staff type on /VendorSignUp. */
    companyCode: text("company_code").notNull().unique(),
    /**
     * The vendor's link, /vendor_partner/<slug>: unique, lower case. An insert that
     * leaves it empty gets one derived from the name by a trigger (drizzle/, hand-written
     * vendor links block; the rule is domain/vendors/vendor-slug.ts), so every company has one.
     * Its unique index (vendor_company_slug_key) is hand-written too: it must follow the backfill.
     */
    slug: text("slug").notNull().default(""),
    /** How the company's earnings are paid (domain/earnings/earnings-shapes.ts); set by staff. */
    earningsPayout: text("earnings_payout", { enum: earningsPayoutModes }).notNull().default("monthly"),
    createdAt: createdAt(),
  },
  // Two companies never share a name: the index compares names as vendorCompanyNameKey does.
  // The vendors list's sorts: keyset pages on (name, id) and (created_at, id); its search
  // is a trigram index on lower(name) (hand-written in drizzle/0014).
  (table) => [
    uniqueIndex("vendor_company_name_key").on(vendorCompanyNameKey(table.name)),
    index("vendor_company_name_idx").on(table.name, table.id),
    index("vendor_company_created_idx").on(table.createdAt, table.id),
  ],
);
