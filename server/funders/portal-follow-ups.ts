import { and, eq, gt, gte, lte, notInArray, sql } from "drizzle-orm";
import { expiringThrough } from "#domain/funders/approval.ts";
import { addCalendarDays } from "#domain/site/business-day.ts";
import { finishedStages } from "#domain/deals/stages.ts";
import type { DbExecutor } from "../db/client.ts";
import { deal } from "../deals/tables.ts";
import { dealOwnership } from "../deals/deal-ownership.ts";
import { ownedInScope, type VendorScope } from "../shared/vendor-scope.ts";
import { loadWorkingCalendar } from "../working-calendar/load-working-calendar.ts";
import { dealApproval } from "./tables.ts";

/**
 * The dealer dashboard's follow-ups (docs/product-rules.md#r55-stipulations): the open stips and the
 * approvals expiring within 5 business days on the open deals the scope sees: the deals' open-stips
 * counter (deal_open_stips_idx), and the approvals of the next days (deal_approval_expires_idx) joined to their deal.
 */
export async function portalFollowUps(db: DbExecutor, scope: VendorScope, today: string) {
  const calendar = await loadWorkingCalendar(db, addCalendarDays(today, -60), addCalendarDays(today, 40));
  const through = expiringThrough(today, calendar);
  const inScope = ownedInScope(scope, dealOwnership);
  const open = notInArray(deal.stage, finishedStages);
  // The deals' own counter (kept by a trigger on deal_stip): an index-only scan of the few deals with open stips.
  const [stips] = await db
    .select({ count: sql<number>`coalesce(sum(${deal.openStips}), 0)::int` })
    .from(deal)
    .where(and(inScope, open, gt(deal.openStips, 0)));
  const [approvals] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(dealApproval)
    .innerJoin(deal, eq(deal.id, dealApproval.dealId))
    .where(and(inScope, open, gte(dealApproval.expiresOn, today), lte(dealApproval.expiresOn, through)));
  return { openStips: stips!.count, approvalsExpiring: approvals!.count };
}
