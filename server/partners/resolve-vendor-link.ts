import { eq, getTableColumns } from "drizzle-orm";
import type { PartnerBranding } from "#domain/partners/public-contracts.ts";
import { defaultVendorBranding } from "#domain/site/partner-page.ts";
import { vendorLinkSegmentPattern, vendorSlugPattern } from "#domain/vendors/vendor-slug.ts";
import type { DbExecutor } from "../db/client.ts";
import { partner } from "./tables.ts";
import { vendorCompany } from "../vendors/tables.ts";

export type VendorLink = {
  /** The company requests through this link are attributed to; null for a stand-alone partner. */
  company: { id: string; name: string; slug: string } | null;
  /** The partner row (branding) the page shows, if any. */
  partnerId: string | null;
  branding: PartnerBranding;
};

type PartnerRow = typeof partner.$inferSelect;

const brandingOf = (slug: string, row: PartnerRow, companyName: string | null): PartnerBranding => ({
  slug,
  name: row.name,
  logoUrl: row.logoUrl,
  primaryColor: row.primaryColor,
  accentColor: row.accentColor,
  vendorName: row.vendorName,
  salesPerson: row.salesPerson,
  vendorPhone: row.vendorPhone,
  referredTo: companyName ?? "",
});

/**
 * What /vendor_partner/<slug> means (docs/product-rules.md#r22-every-company-has-a-link), or null for no such link. A
 * vendor company's slug
 * (lower case, compared without case) comes first: the page shows the company's branding (the
 * partner row linked to it) or the site's default look with the company's name. Otherwise a
 * partner's own slug (exact, e.g. Apronto_Dental): its branding, attributed to the company it is
 * linked to, if any. Never throws on a strange slug.
 */
export async function resolveVendorLink(db: DbExecutor, slug: string): Promise<VendorLink | null> {
  if (!vendorLinkSegmentPattern.test(slug)) return null;
  const lower = slug.toLowerCase();
  if (vendorSlugPattern.test(lower)) {
    const [found] = await db
      .select({
        company: { id: vendorCompany.id, name: vendorCompany.name, slug: vendorCompany.slug },
        partner: getTableColumns(partner),
      })
      .from(vendorCompany)
      .leftJoin(partner, eq(partner.vendorCompanyId, vendorCompany.id))
      .where(eq(vendorCompany.slug, lower))
      .limit(1);
    if (found) {
      const { company } = found;
      const branding = found.partner
        ? brandingOf(slug, found.partner, company.name)
        : defaultVendorBranding(slug, company.name);
      return { company, partnerId: found.partner?.id ?? null, branding };
    }
  }
  const [found] = await db
    .select({
      partner: getTableColumns(partner),
      company: { id: vendorCompany.id, name: vendorCompany.name, slug: vendorCompany.slug },
    })
    .from(partner)
    .leftJoin(vendorCompany, eq(vendorCompany.id, partner.vendorCompanyId))
    .where(eq(partner.slug, slug))
    .limit(1);
  if (!found) return null;
  return {
    company: found.company,
    partnerId: found.partner.id,
    branding: brandingOf(slug, found.partner, found.company?.name ?? null),
  };
}
