import { and, eq, getTableColumns, isNull, or } from "drizzle-orm";
import type { PartnerBranding } from "#domain/partners/public-contracts.ts";
import { defaultVendorBranding } from "#domain/site/partner-page.ts";
import { splitRepLink, vendorLinkSegmentPattern, vendorSlugPattern } from "#domain/vendors/vendor-slug.ts";
import type { DbExecutor } from "../db/client.ts";
import { partner } from "./tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { user } from "../auth/tables.ts";

export type VendorLink = {
  /**
   * The company requests through this link are attributed to, and the sales rep whose own link it
   * is (null: the company's link); null for a stand-alone partner.
   */
  company: { id: string; name: string; slug: string; repUserId: string | null } | null;
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
  const link = await resolveLink(db, slug);
  if (link) return link;
  // A sales rep's own link (docs/product-rules.md#r53-a-dealers-team): the company's link, theirs while they are
  // active in it. A code that is nobody's still brings the customer to the company.
  const rep = splitRepLink(slug);
  const base = rep ? await resolveLink(db, rep.slug) : null;
  if (!rep || !base?.company) return null;
  const [owner] = await db
    .select({ id: user.id })
    .from(user)
    .where(
      and(
        eq(user.linkCode, rep.linkCode),
        eq(user.vendorCompanyId, base.company.id),
        or(isNull(user.banned), eq(user.banned, false)),
      ),
    );
  return { ...base, company: { ...base.company, repUserId: owner?.id ?? null } };
}

async function resolveLink(db: DbExecutor, slug: string): Promise<VendorLink | null> {
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
      const company = { ...found.company, repUserId: null };
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
    company: found.company ? { ...found.company, repUserId: null } : null,
    partnerId: found.partner.id,
    branding: brandingOf(slug, found.partner, found.company?.name ?? null),
  };
}
