import { addCalendarDays, businessDayOf, startOfBusinessDay } from "../site/business-day.ts";
import { isWorkingDay, type WorkingCalendar } from "../site/working-calendar.ts";

// The cooling-off period of a new payout account (docs/product-rules.md#r59-payout-accounts): a changed
// account is confirmed at once but payouts use it only some business days later, so that the company's
// admins, mailed at the change, can stop a fraudster's change before any money goes to it.

/** Business days a confirmed account waits before payouts use it, unless PAYOUT_COOLING_OFF_BUSINESS_DAYS says otherwise. */
export const defaultCoolingOffBusinessDays = 3;
/** The most PAYOUT_COOLING_OFF_BUSINESS_DAYS may say: the working calendar is loaded 60 days ahead. */
export const maxCoolingOffBusinessDays = 20;

/** The working day `count` working days after `day` (the credit team's calendar: weekends, federal holidays, the admins' changes). */
export function workingDaysAfter(day: string, count: number, calendar: WorkingCalendar = {}): string {
  let current = day;
  for (let left = count; left > 0;) {
    current = addCalendarDays(current, 1);
    if (isWorkingDay(current, calendar)) left -= 1;
  }
  return current;
}

/**
 * When payouts may use an account confirmed at `confirmedAt`: `businessDays` working days later, at the
 * same time of day in the business time zone (confirmed Thursday 10:00 before a Friday holiday, with 3
 * days: the next Wednesday 10:00). A confirmation on a day off counts from that day all the same.
 */
export function payoutUsableFrom(
  confirmedAt: Date,
  businessDays: number,
  timeZone: string,
  calendar: WorkingCalendar = {},
): Date {
  const day = businessDayOf(confirmedAt, timeZone);
  const intoDay = confirmedAt.getTime() - startOfBusinessDay(day, timeZone).getTime();
  const until = workingDaysAfter(day, businessDays, calendar);
  return new Date(startOfBusinessDay(until, timeZone).getTime() + intoDay);
}
