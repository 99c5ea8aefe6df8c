import { eq, sql } from "drizzle-orm";
import { businessDayOf, startOfBusinessDay } from "#domain/site/business-day.ts";
import { vendorApplyPath, vendorLinkPath } from "#domain/site/partner-page.ts";
import type { VendorLinkSummary } from "#domain/partners/portal-contracts.ts";
import type { Database } from "../db/client.ts";
import { calculatorLead } from "../calculator/tables.ts";
import { creditApplication } from "./tables.ts";
import { vendorLinkVisit } from "../partners/tables.ts";
import { questionnaireAnswer } from "../questionnaire/tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import type { VendorScope } from "../shared/vendor-scope.ts";

const dayMs = 86_400_000;

/** The session's company's link and what it brought: visits and attributed leads, last 30 days and in all (docs/product-rules.md#r22-every-company-has-a-link). */
export async function vendorLinkSummary(
  db: Database,
  scope: VendorScope,
  publicUrl: string,
  now: Date,
  timeZone: string,
): Promise<VendorLinkSummary> {
  const [company] = await db
    .select({ name: vendorCompany.name, slug: vendorCompany.slug })
    .from(vendorCompany)
    .where(eq(vendorCompany.id, scope.companyId));
  // The last 30 days: today and the 29 business days before it.
  const firstDay = businessDayOf(new Date(now.getTime() - 29 * dayMs), timeZone);
  const since = startOfBusinessDay(firstDay, timeZone);
  const [visits] = await db
    .select({
      total: sql<number>`coalesce(sum(${vendorLinkVisit.visits}), 0)::int`,
      last30Days: sql<number>`coalesce(sum(${vendorLinkVisit.visits}) filter (where ${vendorLinkVisit.day} >= ${firstDay}), 0)::int`,
    })
    .from(vendorLinkVisit)
    .where(eq(vendorLinkVisit.vendorCompanyId, scope.companyId));
  const leadCounts = await Promise.all(
    [calculatorLead, questionnaireAnswer, creditApplication].map(async (table) => {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          last30Days: sql<number>`(count(*) filter (where ${table.createdAt} >= ${since.toISOString()}))::int`,
        })
        .from(table)
        .where(eq(table.vendorCompanyId, scope.companyId));
      return row ?? { total: 0, last30Days: 0 };
    }),
  );
  const slug = company!.slug;
  return {
    companyName: company!.name,
    slug,
    url: `${publicUrl}${vendorLinkPath(slug)}`,
    applyUrl: `${publicUrl}${vendorApplyPath(slug)}`,
    visits: { total: visits?.total ?? 0, last30Days: visits?.last30Days ?? 0 },
    leads: {
      total: leadCounts.reduce((sum, row) => sum + row.total, 0),
      last30Days: leadCounts.reduce((sum, row) => sum + row.last30Days, 0),
    },
  };
}
