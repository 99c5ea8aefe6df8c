import * as z from "zod/mini";
import { calendarDay } from "../forms/date-range.ts";
import { leadTypes } from "../leads/lead-inbox.ts";
import { responseSources, responseSubjectKinds } from "./response-promise.ts";
import { endpoint } from "../http/endpoint.ts";

/** The longest range the board sums up at once (a quarter): its cost grows with the arrivals in range. */
export const promiseBoardMaxDays = 92;

const dayNumber = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;

/** Leads, deals or received stips, arrived from `from` 00:00 to the end of `to` in the business time zone. */
export const promiseBoardQuery = z
  .object({ kind: z.enum(responseSubjectKinds), from: calendarDay(), to: calendarDay() })
  .check(
    z.refine(({ from, to }) => from <= to, { error: "The end date must not be before the start date.", path: ["to"] }),
    z.refine(({ from, to }) => from > to || dayNumber(to) - dayNumber(from) < promiseBoardMaxDays, {
      error: `Choose at most ${promiseBoardMaxDays} days.`,
      path: ["from"],
    }),
  );

export type PromiseBoardQuery = z.infer<typeof promiseBoardQuery>;

/**
 * How the promise went for what arrived in a group. Minutes to first contact are wall-clock
 * minutes from arrival (what the customer waited), over those contacted; whether the promise was
 * kept is judged against the due time, which counts only the credit team's hours. `kept` were
 * contacted by their due time; `missed` were contacted later or are past it uncontacted; `waiting`
 * are uncontacted and not due yet (neither kept nor missed).
 */
export const promiseStats = z.object({
  arrived: z.number(),
  contacted: z.number(),
  waiting: z.number(),
  kept: z.number(),
  missed: z.number(),
  /** kept / (kept + missed), 0-1; null when nothing was decided yet. */
  keptShare: z.nullable(z.number()),
  medianMinutes: z.nullable(z.number()),
  p90Minutes: z.nullable(z.number()),
});

export type PromiseStats = z.infer<typeof promiseStats>;

export const overdueItem = z.object({
  type: z.enum([...leadTypes, "deal", "stip"]),
  id: z.string(),
  /** A stip's deal (its page shows the stip); null for a lead or a deal. */
  dealId: z.nullable(z.string()),
  source: z.enum(responseSources),
  title: z.string(),
  arrivedAt: z.string(),
  dueAt: z.string(),
});

export type OverdueItem = z.infer<typeof overdueItem>;

export const promiseBoard = z.object({
  kind: z.enum(responseSubjectKinds),
  /** The promised minutes for this kind (30 a lead, 60 a deal, 240 a stip's review), counted in the credit team's hours. */
  promisedMinutes: z.number(),
  total: promiseStats,
  byDay: z.array(z.extend(promiseStats, { day: z.string() })),
  bySource: z.array(z.extend(promiseStats, { source: z.enum(responseSources) })),
  /** Uncontacted and past due right now, whatever the range: the count and the latest due first. */
  overdue: z.object({ count: z.number(), items: z.array(overdueItem) }),
});

export type PromiseBoard = z.infer<typeof promiseBoard>;

export const getPromiseBoard = endpoint({
  method: "GET",
  path: "/api/back-office/response-times",
  audience: "staff",
  summary:
    "Response times: time to first contact and the share within the promise, by day and source, and what is overdue now",
  tags: ["back office"],
  query: promiseBoardQuery,
  responses: { 200: promiseBoard },
  errors: ["FORBIDDEN", "TWO_FACTOR_REQUIRED"],
});
