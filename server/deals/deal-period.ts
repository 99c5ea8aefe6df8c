import { and, eq, type SQL } from "drizzle-orm";
import { monthAndYearInTimeZone } from "#domain/deals/business-month.ts";
import { deal } from "./tables.ts";
import { ownedInScope, type VendorScope } from "../shared/vendor-scope.ts";
import { dealOwnership } from "./deal-ownership.ts";

/** A business month of this year, or null for all times. */
export type Period = { month: number; year: number } | null;

/** The portal's `month` filter ("0"-"11", "all", or none: this month) in the business time zone. */
export function portalPeriod(month: string | undefined, timeZone: string, now = new Date()): Period {
  if (month === "all") return null;
  const current = monthAndYearInTimeZone(now, timeZone);
  return { month: month === undefined ? current.month : Number(month), year: current.year };
}

/** The deals of the period the scope sees. */
export function inScopeAndPeriod(scope: VendorScope, period: Period): SQL {
  const conditions = [ownedInScope(scope, dealOwnership)];
  if (period) conditions.push(eq(deal.yearInFile, period.year), eq(deal.monthSubmitted, period.month));
  return and(...conditions)!;
}
