import type { Database } from "../../db/client.ts";
import { partner } from "../../db/schema.ts";

/** Every partner calculator, by name, as staff edit them. */
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
    })
    .from(partner)
    .orderBy(partner.name);
  return { partners };
}
