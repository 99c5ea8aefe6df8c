import * as z from "zod/mini";

/**
 * A calendar day as YYYY-MM-DD: impossible days (2020-13-45, 2023-02-29) are refused, and so are
 * years outside 1900-2999, which no business record has (and year 0000 PostgreSQL has not).
 */
export const calendarDay = (message = "Please enter a real date between 1900 and 2999 as YYYY-MM-DD.") =>
  z.iso
    .date({ error: message })
    .check(z.refine((day) => day >= "1900-01-01" && day <= "2999-12-31", { error: message }));

/** An inclusive range of calendar days, e.g. an export's `from` and `to`. */
export const dateRange = z
  .object({ from: calendarDay(), to: calendarDay() })
  .check(
    z.refine(({ from, to }) => from <= to, { error: "The end date must not be before the start date.", path: ["to"] }),
  );

export type DateRange = z.infer<typeof dateRange>;
