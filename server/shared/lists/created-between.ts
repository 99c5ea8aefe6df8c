import { sql, type SQL } from "drizzle-orm";
import { businessDaysToInstants } from "#domain/site/business-day.ts";

/** A list's `from`/`to` days (either may be open), as instants in the business time zone, on `column`. */
export function createdBetween(column: SQL, range: { from?: string; to?: string }, timeZone: string): SQL[] {
  const where: SQL[] = [];
  if (range.from)
    where.push(sql`${column} >= ${businessDaysToInstants({ from: range.from, to: range.from }, timeZone).start}`);
  if (range.to) where.push(sql`${column} < ${businessDaysToInstants({ from: range.to, to: range.to }, timeZone).end}`);
  return where;
}
