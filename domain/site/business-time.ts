import { dateTimeFormat } from "./date-time-format.ts";

/** The calendar year at `date` in the business time zone (docs/product-rules.md#r3-the-working-calendar: dates are the business's). */
export function yearInTimeZone(date: Date, timeZone: string): number {
  return Number(dateTimeFormat("en-US", { timeZone, year: "numeric" }).format(date));
}

/** An instant as the business reads it: "Mar 4, 2026, 9:05 AM PST" in the business time zone. */
export function formatBusinessDateTime(date: Date, timeZone: string): string {
  return (
    dateTimeFormat("en-US", { timeZone, dateStyle: "medium", timeStyle: "short" }).format(date) +
    ` ${zoneName(date, timeZone)}`
  );
}

/** A calendar date (YYYY-MM-DD, no time of day, so no time zone) written out: "2015-04-01" -> "Apr 1, 2015". */
export function formatCalendarDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  // A calendar date is the same day everywhere: noon UTC stays on it in any zone within ±12 h.
  const noon = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  return dateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "medium" }).format(noon);
}

function zoneName(date: Date, timeZone: string): string {
  return (
    dateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
      .formatToParts(date)
      .find((part) => part.type === "timeZoneName")?.value ?? timeZone
  );
}

/** The calendar day (YYYY-MM-DD) at `date` in the business time zone. */
export function dayInTimeZone(date: Date, timeZone: string): string {
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

/** The wall clock at `date` in the business time zone, as a datetime-local input holds it ("YYYY-MM-DDTHH:MM"). */
export function wallTimeInTimeZone(date: Date, timeZone: string): string {
  const parts = dateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const part = (type: string) => parts.find((each) => each.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}`;
}
