import { weekdayOf } from "./business-day.ts";
import { federalHolidayOn } from "./federal-holidays.ts";

/**
 * The admins' changes to the credit team's default calendar (Monday to Friday less the federal
 * holidays, docs/product-rules.md#r3-the-working-calendar), by day (YYYY-MM-DD): false, a day off they added; true, a
 * day they
 * work although the default has it off. Days without a change follow the default.
 */
export type WorkingCalendar = Readonly<Record<string, boolean>>;

/** What the default calendar says of a day: a working day, or why not. */
export function defaultDayOff(day: string): string | null {
  const weekday = weekdayOf(day);
  if (weekday === 0 || weekday === 6) return "Weekend";
  return federalHolidayOn(day);
}

/** Whether the credit team works on a calendar day. */
export function isWorkingDay(day: string, calendar: WorkingCalendar = {}): boolean {
  return calendar[day] ?? defaultDayOff(day) === null;
}

/** How far after a day the server loads the admins' changes with it: a promise never waits longer. */
export const calendarLookAheadDays = 60;
