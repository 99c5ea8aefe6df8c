import { and, eq, sql } from "drizzle-orm";
import { businessDayOf, startOfBusinessDay } from "#domain/site/business-day.ts";
import { vendorApplyPath, vendorLinkPath } from "#domain/site/partner-page.ts";
import { repLinkSegment } from "#domain/vendors/vendor-slug.ts";
import type { VendorLinkSummary } from "#domain/partners/portal-contracts.ts";
import type { Database } from "../db/client.ts";
import { calculatorLead } from "../calculator/tables.ts";
import { creditApplication } from "./tables.ts";
import { vendorLinkVisit } from "../partners/tables.ts";
import { questionnaireAnswer } from "../questionnaire/tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { isDealerAdmin, ownedInScope, type VendorScope } from "../shared/vendor-scope.ts";
import { user } from "../auth/tables.ts";
import { deal } from "../deals/tables.ts";
import { dealOwnership } from "../deals/deal-ownership.ts";

const dayMs = 86_400_000;

/**
 * The link the scope sees and what it brought: visits and attributed leads, last 30 days and in all
 * (docs/product-rules.md#r22-every-company-has-a-link). A dealer admin sees the company's link and
 * everything every link of it brought; a sales rep their own link and what it brought
 * (docs/product-rules.md#r53-a-dealers-team).
 */
export async function vendorLinkSummary(
  db: Database,
  scope: VendorScope,
  publicUrl: string,
  now: Date,
  timeZone: string,
): Promise<VendorLinkSummary> {
  const [company] = await db
    .select({ name: vendorCompany.name, slug: vendorCompany.slug, linkCode: user.linkCode })
    .from(vendorCompany)
    .innerJoin(user, eq(user.id, scope.userId))
    .where(eq(vendorCompany.id, scope.companyId));
  const rep = isDealerAdmin(scope) ? null : scope.userId;
  // The last 30 days: today and the 29 business days before it.
  const firstDay = businessDayOf(new Date(now.getTime() - 29 * dayMs), timeZone);
  const since = startOfBusinessDay(firstDay, timeZone);
  const [visits] = await db
    .select({
      total: sql<number>`coalesce(sum(${vendorLinkVisit.visits}), 0)::int`,
      last30Days: sql<number>`coalesce(sum(${vendorLinkVisit.visits}) filter (where ${vendorLinkVisit.day} >= ${firstDay}), 0)::int`,
    })
    .from(vendorLinkVisit)
    .where(
      and(eq(vendorLinkVisit.vendorCompanyId, scope.companyId), rep ? eq(vendorLinkVisit.ownerUserId, rep) : undefined),
    );
  // Each lead through a link is one referred deal; a rep's are the referred deals they own.
  const leadCounts = rep
    ? await db
        .select({
          total: sql<number>`count(*)::int`,
          last30Days: sql<number>`(count(*) filter (where ${deal.createdAt} >= ${since.toISOString()}))::int`,
        })
        .from(deal)
        .where(and(ownedInScope(scope, dealOwnership), eq(deal.source, "vendor-link")))
    : await companyLeadCounts(db, scope.companyId, since);
  const slug = company!.slug;
  const segment = rep && company!.linkCode ? repLinkSegment(slug, company!.linkCode) : slug;
  return {
    companyName: company!.name,
    slug: segment,
    url: `${publicUrl}${vendorLinkPath(segment)}`,
    applyUrl: `${publicUrl}${vendorApplyPath(segment)}`,
    visits: { total: visits?.total ?? 0, last30Days: visits?.last30Days ?? 0 },
    leads: {
      total: leadCounts.reduce((sum, row) => sum + row.total, 0),
      last30Days: leadCounts.reduce((sum, row) => sum + row.last30Days, 0),
    },
  };
}

/** The leads every link of the company brought, by kind. */
async function companyLeadCounts(db: Database, companyId: string, since: Date) {
  return Promise.all(
    [calculatorLead, questionnaireAnswer, creditApplication].map(async (table) => {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          last30Days: sql<number>`(count(*) filter (where ${table.createdAt} >= ${since.toISOString()}))::int`,
        })
        .from(table)
        .where(eq(table.vendorCompanyId, companyId));
      return row ?? { total: 0, last30Days: 0 };
    }),
  );
}
