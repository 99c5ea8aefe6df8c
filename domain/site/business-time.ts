/** The calendar year at `date` in the business time zone (decisions.md 6: dates are the business's). */
export function yearInTimeZone(date: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric" }).format(date));
}

/** The hour (0-23) at `date` in the business time zone. */
export function hourInTimeZone(date: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23" }).format(date));
}
