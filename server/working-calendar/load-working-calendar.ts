import { and, gte, lte } from "drizzle-orm";
import { addCalendarDays, businessDayOf } from "#domain/site/business-day.ts";
import { calendarLookAheadDays, type WorkingCalendar } from "#domain/site/working-calendar.ts";
import type { DbExecutor } from "../db/client.ts";
import { workingCalendarDay } from "./tables.ts";

/** The admins' changes to the calendar from `from` to `to` (YYYY-MM-DD, inclusive), by day. */
export async function loadWorkingCalendar(db: DbExecutor, from: string, to: string): Promise<WorkingCalendar> {
  const rows = await db
    .select({ day: workingCalendarDay.day, closed: workingCalendarDay.closed })
    .from(workingCalendarDay)
    .where(and(gte(workingCalendarDay.day, from), lte(workingCalendarDay.day, to)));
  return Object.fromEntries(rows.map((row) => [row.day, !row.closed]));
}

/** The changes a promise starting at `instant` can meet: that day and the weeks after it. */
export function loadWorkingCalendarFrom(db: DbExecutor, instant: Date, timeZone: string): Promise<WorkingCalendar> {
  const day = businessDayOf(instant, timeZone);
  return loadWorkingCalendar(db, day, addCalendarDays(day, calendarLookAheadDays));
}
