import { and, eq, gt, notExists, sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "../db/client.ts";
import { earningsEntry } from "../earnings/tables.ts";
import { dealFunding } from "./tables.ts";

/**
 * The earnings inside each company's approved fundings that are not paid yet (no `paid` line for the
 * funding; a returned payout removes it): promised with those fundings, so owed no other way, whatever
 * the company's payout setting is now (docs/product-rules.md#r61-dealer-earnings). By company, in
 * cents, whatever month they were approved in: a funding of this month may carry earnings of the
 * months before (a company once paid monthly), and counting it late only ever pays later, never twice.
 */
export async function earningsInFlight(
  db: DbExecutor,
  filter: { vendorCompanyId?: string } = {},
): Promise<Map<string, number>> {
  const where: SQL[] = [eq(dealFunding.status, "approved"), gt(dealFunding.earningsCents, 0)];
  if (filter.vendorCompanyId) where.push(eq(dealFunding.vendorCompanyId, filter.vendorCompanyId));
  const rows = await db
    .select({
      vendorCompanyId: dealFunding.vendorCompanyId,
      cents: sql<string>`sum(${dealFunding.earningsCents})`,
    })
    .from(dealFunding)
    .where(
      and(
        ...where,
        notExists(
          db
            .select({ id: earningsEntry.id })
            .from(earningsEntry)
            .where(and(eq(earningsEntry.dealFundingId, dealFunding.id), eq(earningsEntry.kind, "paid"))),
        ),
      ),
    )
    .groupBy(dealFunding.vendorCompanyId);
  return new Map(rows.map((row) => [row.vendorCompanyId!, Number(row.cents)]));
}
