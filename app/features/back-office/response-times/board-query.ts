import { promiseBoardQuery, type PromiseBoardQuery } from "#domain/response-times/contracts.ts";
import { responseSubjectKinds, type ResponseSubjectKind } from "#domain/response-times/response-promise.ts";
import { addCalendarDays } from "#domain/site/business-day.ts";

const businessToday = (now: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);

/** The board's query from the URL (?kind=&from=&to=); missing or refused values fall back to leads of the last 30 days (kind: lead, deal or stip). */
export function readBoardQuery(search: URLSearchParams, timeZone: string, now = new Date()): PromiseBoardQuery {
  const today = businessToday(now, timeZone);
  const fallback: PromiseBoardQuery = { kind: "lead", from: addCalendarDays(today, -29), to: today };
  const asKind = search.get("kind") as ResponseSubjectKind;
  const kind = responseSubjectKinds.includes(asKind) ? asKind : "lead";
  const asked = promiseBoardQuery.safeParse({
    kind,
    from: search.get("from") ?? fallback.from,
    to: search.get("to") ?? fallback.to,
  });
  return asked.success ? asked.data : { ...fallback, kind };
}
