import { createdAt } from "../db/columns.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { date, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";

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
  /** The vendor company this branding belongs to; null for a stand-alone partner. */
  vendorCompanyId: uuid("vendor_company_id")
    .unique()
    .references(() => vendorCompany.id),
  createdAt: createdAt(),
});

/** One counter per company and day (business time zone): no personal data. */
export const vendorLinkVisit = pgTable(
  "vendor_link_visit",
  {
    vendorCompanyId: uuid("vendor_company_id")
      .notNull()
      .references(() => vendorCompany.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    /** The sales rep whose own link was visited; "" for the company's link. */
    ownerUserId: text("owner_user_id").notNull().default(""),
    visits: integer("visits").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.vendorCompanyId, table.day, table.ownerUserId] })],
);
