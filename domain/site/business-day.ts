import { dateTimeFormat } from "./date-time-format.ts";

const dayMs = 86_400_000;

/** The zone's offset from UTC at `instant`, in ms (-5 h for New York in winter). */
function offsetAt(instant: number, timeZone: string): number {
  const name = dateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")!.value;
  const match = /^GMT(?:([+-])(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?)?$/.exec(name);
  if (!match?.[1]) return 0;
  const size = Number(match[2]) * 3_600_000 + Number(match[3] ?? 0) * 60_000 + Number(match[4] ?? 0) * 1000;
  return match[1] === "-" ? -size : size;
}

/** A day's midnight read as if it were UTC (setUTCFullYear: Date.UTC maps years 0-99 to 1900-1999). */
function wallMidnight(day: string): number {
  const [year, month, date] = day.split("-").map(Number);
  const wall = new Date(0);
  wall.setUTCFullYear(year!, month! - 1, date!);
  return wall.getTime();
}

/** The first instant whose wall clock in `timeZone` is on the day that starts at `wall`. */
function startOfWallDay(wall: number, timeZone: string): Date {
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  // Both differ only around a clock change; where one skips midnight, only the later is on the day.
  const onTheDay = (instant: number) => {
    const local = instant + offsetAt(instant, timeZone);
    return local >= wall && local < wall + dayMs;
  };
  return new Date([Math.min(first, second), Math.max(first, second)].find(onTheDay) ?? second);
}

/** When a calendar day (YYYY-MM-DD) begins in the business time zone (docs/product-rules.md#r3-the-working-calendar). */
export function startOfBusinessDay(day: string, timeZone: string): Date {
  return startOfWallDay(wallMidnight(day), timeZone);
}

/** The instants a range of business days covers: from `from` 00:00 up to, not including, the day after `to`. */
export function businessDaysToInstants(
  range: { from: string; to: string },
  timeZone: string,
): { start: Date; end: Date } {
  return {
    start: startOfBusinessDay(range.from, timeZone),
    end: startOfWallDay(wallMidnight(range.to) + dayMs, timeZone),
  };
}

/** The instant a day's wall clock in the business time zone reads `hour`:00 (the later one where a clock change skips it). */
export function businessWallTime(day: string, hour: number, timeZone: string): Date {
  const wall = wallMidnight(day) + hour * 3_600_000;
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  const readsWall = (instant: number) => instant + offsetAt(instant, timeZone) === wall;
  return new Date([Math.min(first, second), Math.max(first, second)].find(readsWall) ?? Math.max(first, second));
}

/** The calendar day (YYYY-MM-DD) `days` after `day`. */
export function addCalendarDays(day: string, days: number): string {
  const next = new Date(wallMidnight(day) + days * dayMs);
  return `${String(next.getUTCFullYear()).padStart(4, "0")}-${String(next.getUTCMonth() + 1).padStart(2, "0")}-${String(next.getUTCDate()).padStart(2, "0")}`;
}

/** Day of the week (0 Sunday - 6 Saturday) of a calendar day. */
export function weekdayOf(day: string): number {
  return new Date(wallMidnight(day)).getUTCDay();
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the business time zone. */
export function businessDayOf(instant: Date, timeZone: string): string {
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}
