import * as z from "zod/mini";

/** A calendar day as YYYY-MM-DD; impossible days (2020-13-45, 2023-02-29) are refused. */
export const calendarDay = (message = "Please enter a real date as YYYY-MM-DD.") => z.iso.date({ error: message });

/** An inclusive range of calendar days, e.g. an export's `from` and `to`. */
export const dateRange = z.object({ from: calendarDay(), to: calendarDay() }).check(
  z.refine(({ from, to }) => from <= to, { error: "The end date must not be before the start date.", path: ["to"] }),
);

export type DateRange = z.infer<typeof dateRange>;
