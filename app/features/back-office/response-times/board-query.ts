import { promiseBoardQuery, type PromiseBoardQuery } from "#domain/response-times/contracts.ts";
import { addCalendarDays } from "#domain/site/business-day.ts";

const businessToday = (now: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);

/** The board's query from the URL (?kind=&from=&to=); missing or refused values fall back to leads of the last 30 days. */
export function readBoardQuery(search: URLSearchParams, timeZone: string, now = new Date()): PromiseBoardQuery {
  const today = businessToday(now, timeZone);
  const fallback: PromiseBoardQuery = { kind: "lead", from: addCalendarDays(today, -29), to: today };
  const kind = search.get("kind") === "deal" ? "deal" : "lead";
  const asked = promiseBoardQuery.safeParse({
    kind,
    from: search.get("from") ?? fallback.from,
    to: search.get("to") ?? fallback.to,
  });
  return asked.success ? asked.data : { ...fallback, kind };
}
