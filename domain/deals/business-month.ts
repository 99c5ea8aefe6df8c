import { months } from "../questionnaire/answer-schema.ts";
import { dateTimeFormat } from "../site/date-time-format.ts";

/** The month filter's values: "0"-"11" or "all" (All Times drops month and year). */
export const monthFilterOptions = [
  ...months.map((month, index) => ({ value: String(index), label: month })),
  { value: "all", label: "All Times" },
];

/** Month (0-11) and year at `date` in the business time zone. */
export function monthAndYearInTimeZone(date: Date, timeZone: string): { month: number; year: number } {
  const parts = dateTimeFormat("en-US", { timeZone, month: "numeric", year: "numeric" }).formatToParts(date);
  return {
    month: Number(parts.find((part) => part.type === "month")!.value) - 1,
    year: Number(parts.find((part) => part.type === "year")!.value),
  };
}

/** The credit team is online before 15:00 in the business time zone (docs/product-rules.md#r3-the-working-calendar). */
export const creditOnlineUntilHour = 15;
