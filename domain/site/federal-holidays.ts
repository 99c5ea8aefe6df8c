import { addCalendarDays, weekdayOf } from "./business-day.ts";

const pad = (value: number) => String(value).padStart(2, "0");
const dayOf = (year: number, month: number, date: number) =>
  `${String(year).padStart(4, "0")}-${pad(month)}-${pad(date)}`;

/** The `nth` (1-5) `weekday` (0 Sunday - 6 Saturday) of a month; -1 for the last. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  if (nth === -1) {
    const last = addCalendarDays(dayOf(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1), -1);
    return addCalendarDays(last, -((weekdayOf(last) - weekday + 7) % 7));
  }
  const first = dayOf(year, month, 1);
  return addCalendarDays(first, ((weekday - weekdayOf(first) + 7) % 7) + 7 * (nth - 1));
}

/** A fixed-date holiday on a Saturday is observed the Friday before, on a Sunday the Monday after (5 U.S.C. 6103(b)). */
function observed(day: string): string {
  const weekday = weekdayOf(day);
  return weekday === 6 ? addCalendarDays(day, -1) : weekday === 0 ? addCalendarDays(day, 1) : day;
}

/**
 * The eleven US federal holidays of a year (5 U.S.C. 6103(a); Juneteenth from 2021) on the days
 * they are observed. New Year's Day on a Saturday is observed on December 31 of the year before.
 */
export function usFederalHolidays(year: number): { day: string; name: string }[] {
  const holidays = [
    { day: observed(dayOf(year, 1, 1)), name: "New Year's Day" },
    { day: nthWeekday(year, 1, 1, 3), name: "Birthday of Martin Luther King, Jr." },
    { day: nthWeekday(year, 2, 1, 3), name: "Washington's Birthday" },
    { day: nthWeekday(year, 5, 1, -1), name: "Memorial Day" },
    ...(year >= 2021 ? [{ day: observed(dayOf(year, 6, 19)), name: "Juneteenth National Independence Day" }] : []),
    { day: observed(dayOf(year, 7, 4)), name: "Independence Day" },
    { day: nthWeekday(year, 9, 1, 1), name: "Labor Day" },
    { day: nthWeekday(year, 10, 1, 2), name: "Columbus Day" },
    { day: observed(dayOf(year, 11, 11)), name: "Veterans Day" },
    { day: nthWeekday(year, 11, 4, 4), name: "Thanksgiving Day" },
    { day: observed(dayOf(year, 12, 25)), name: "Christmas Day" },
  ];
  return holidays;
}

/** The federal holiday observed on a calendar day (YYYY-MM-DD), or null. */
export function federalHolidayOn(day: string): string | null {
  const year = Number(day.slice(0, 4));
  return (
    [...usFederalHolidays(year), ...usFederalHolidays(year + 1)].find((holiday) => holiday.day === day)?.name ?? null
  );
}
