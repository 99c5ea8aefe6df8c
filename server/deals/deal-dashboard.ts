import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { deal } from "./tables.ts";
import { inScopeAndPeriod, type Period } from "./deal-period.ts";
import type { VendorScope } from "../shared/vendor-scope.ts";

/** Dashboard counts and totals, computed by the database for the period. */
export async function dealDashboard(db: Database, scope: VendorScope, period: Period) {
  const financed = sql`${deal.costOfEquipment} - ${deal.downPayment}`;
  const [row] = await db
    .select({
      applications: sql<number>`count(*)::int`,
      approved: sql<number>`count(*) filter (where ${deal.stage} >= 2)::int`,
      approvedTotal: sql<string>`coalesce(sum(${financed}) filter (where ${deal.stage} >= 2), 0)`,
      funded: sql<number>`count(*) filter (where ${deal.stage} = 6)::int`,
      fundedTotal: sql<string>`coalesce(sum(${financed}) filter (where ${deal.stage} = 6), 0)`,
      tier1: sql<number>`count(*) filter (where ${deal.dealScore} = 1)::int`,
      tier2: sql<number>`count(*) filter (where ${deal.dealScore} = 2)::int`,
      tier3: sql<number>`count(*) filter (where ${deal.dealScore} = 3)::int`,
    })
    .from(deal)
    .where(inScopeAndPeriod(scope, period));
  const total = row!.applications;
  const share = (count: number) => (total === 0 ? 0 : Math.round((count / total) * 100));
  return {
    applications: total,
    approved: { count: row!.approved, total: Number(row!.approvedTotal) },
    funded: { count: row!.funded, total: Number(row!.fundedTotal) },
    tiers: { 1: share(row!.tier1), 2: share(row!.tier2), 3: share(row!.tier3) },
  };
}
