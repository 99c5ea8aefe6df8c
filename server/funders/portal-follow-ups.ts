import { and, eq, gte, inArray, lte, notInArray, sql } from "drizzle-orm";
import { expiringThrough } from "#domain/funders/approval.ts";
import { addCalendarDays } from "#domain/site/business-day.ts";
import { finishedStages } from "#domain/deals/stages.ts";
import type { DbExecutor } from "../db/client.ts";
import { deal } from "../deals/tables.ts";
import { dealOwnership } from "../deals/deal-ownership.ts";
import { dealStip } from "../stips/tables.ts";
import { ownedInScope, type VendorScope } from "../shared/vendor-scope.ts";
import { loadWorkingCalendar } from "../working-calendar/load-working-calendar.ts";
import { dealApproval } from "./tables.ts";

/**
 * The dealer dashboard's follow-ups (docs/product-rules.md#r55-stipulations): the open stips and the
 * approvals expiring within 5 business days on the open deals the scope sees. Two counts over the
 * scope's deals (deal_company_owner_idx), each joined by deal id (deal_stip_deal_idx, deal_approval's key).
 */
export async function portalFollowUps(db: DbExecutor, scope: VendorScope, today: string) {
  const calendar = await loadWorkingCalendar(db, addCalendarDays(today, -60), addCalendarDays(today, 40));
  const through = expiringThrough(today, calendar);
  const inScope = ownedInScope(scope, dealOwnership);
  const open = notInArray(deal.stage, finishedStages);
  const [stips] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(dealStip)
    .innerJoin(deal, eq(deal.id, dealStip.dealId))
    .where(and(inScope, open, inArray(dealStip.status, ["requested", "rejected"])));
  const [approvals] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(dealApproval)
    .innerJoin(deal, eq(deal.id, dealApproval.dealId))
    .where(and(inScope, open, gte(dealApproval.expiresOn, today), lte(dealApproval.expiresOn, through)));
  return { openStips: stips!.count, approvalsExpiring: approvals!.count };
}
