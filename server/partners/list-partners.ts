import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { partner } from "./tables.ts";
import { vendorCompany } from "../vendors/tables.ts";

/** Every partner calculator, by name, as staff edit them, with the vendor company it brands (null for a stand-alone partner). */
export async function listPartners(db: Database) {
  const partners = await db
    .select({
      id: partner.id,
      slug: partner.slug,
      name: partner.name,
      logoUrl: partner.logoUrl,
      primaryColor: partner.primaryColor,
      accentColor: partner.accentColor,
      vendorName: partner.vendorName,
      salesPerson: partner.salesPerson,
      vendorPhone: partner.vendorPhone,
      vendorCompany: { id: vendorCompany.id, name: vendorCompany.name, slug: vendorCompany.slug },
    })
    .from(partner)
    .leftJoin(vendorCompany, eq(vendorCompany.id, partner.vendorCompanyId))
    .orderBy(partner.name);
  return { partners };
}
