import { sql } from "drizzle-orm";
import type { OverdueItem, PromiseBoard, PromiseBoardQuery, PromiseStats } from "#domain/response-times/contracts.ts";
import type { ResponseSource, ResponseSubjectKind } from "#domain/response-times/response-promise.ts";
import { addWaitCounts, waitBucketCount, waitPercentile } from "#domain/response-times/wait-histogram.ts";
import { businessDaysToInstants } from "#domain/site/business-day.ts";
import type { DbExecutor } from "../db/client.ts";
import { allLeads } from "./all-leads.ts";

/** The overdue list's length: the latest due first. */
export const overdueListLimit = 50;

type Tally = {
  arrived: number;
  contacted: number;
  kept: number;
  waiting: number;
  overdue: number;
  waitCounts: number[];
};

const emptyTally = (): Tally => ({
  arrived: 0,
  contacted: 0,
  kept: 0,
  waiting: 0,
  overdue: 0,
  waitCounts: new Array<number>(waitBucketCount).fill(0),
});

function addTally(into: Tally, part: Partial<Tally>): Tally {
  into.arrived += part.arrived ?? 0;
  into.contacted += part.contacted ?? 0;
  into.kept += part.kept ?? 0;
  into.waiting += part.waiting ?? 0;
  into.overdue += part.overdue ?? 0;
  if (part.waitCounts) addWaitCounts(into.waitCounts, part.waitCounts);
  return into;
}

function tallyOf(groups: Map<string, Tally>, key: string) {
  let tally = groups.get(key);
  if (!tally) groups.set(key, (tally = emptyTally()));
  return tally;
}

const minutes = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/** Missed: contacted after the due time, or past it uncontacted. */
function stats(tally: Tally): PromiseStats {
  const missed = tally.contacted - tally.kept + tally.overdue;
  return {
    arrived: tally.arrived,
    contacted: tally.contacted,
    waiting: tally.waiting,
    kept: tally.kept,
    missed,
    keptShare: tally.kept + missed === 0 ? null : tally.kept / (tally.kept + missed),
    medianMinutes: minutes(waitPercentile(tally.waitCounts, 0.5)),
    p90Minutes: minutes(waitPercentile(tally.waitCounts, 0.9)),
  };
}

/** A range's daily rollups of one kind (response_day's primary key): at most 92 days x the sources. */
export const promiseDaysSql = (kind: ResponseSubjectKind, from: string, to: string) => sql`
    select to_char(day, 'YYYY-MM-DD') as day, source, arrived, contacted, kept, wait_counts as "waitCounts"
    from response_day
    where subject_kind = ${kind} and day >= ${from}::date and day <= ${to}::date and arrived > 0`;

/**
 * The range's uncontacted clocks, waiting or past due as of now: what the rollups cannot hold, as
 * it changes with the time. Read from the partial index of uncontacted clocks (response_clock_waiting_idx);
 * `due_at >= start` adds nothing (a clock is due at or after its arrival) but bounds that index's range.
 */
export const promiseUncontactedSql = (
  kind: ResponseSubjectKind,
  range: { start: Date; end: Date },
  now: Date,
  timeZone: string,
) => sql`
    select to_char(arrived_at at time zone ${timeZone}, 'YYYY-MM-DD') as day, source,
      count(*) filter (where due_at >= ${now}) as waiting, count(*) filter (where due_at < ${now}) as overdue
    from response_clock
    where subject_kind = ${kind} and first_contact_at is null and due_at >= ${range.start} and arrived_at >= ${range.start} and arrived_at < ${range.end}
    group by 1, 2`;

/** What is past due and uncontacted now (the partial index response_clock_waiting_idx), with each one's title (and a stip's deal). */
export function overdueNowSql(kind: ResponseSubjectKind, now: Date) {
  const title =
    kind === "lead"
      ? sql`(select l.title from (${allLeads}) l where l.type = c.subject_type and l.id = c.subject_id)`
      : kind === "stip"
        ? sql`(select s.name || ' — ' || d.business_name || ' (' || d.account_number || ')' from deal_stip s join deal d on d.id = s.deal_id where s.id = c.subject_id)`
        : sql`(select d.business_name || ' (' || d.account_number || ')' from deal d where d.id = c.subject_id)`;
  // A stip's page is its deal's (the Stips section).
  const dealId = kind === "stip" ? sql`(select s.deal_id from deal_stip s where s.id = c.subject_id)` : sql`null`;
  return sql`
    select (select count(*) from response_clock w where w.subject_kind = ${kind} and w.first_contact_at is null and w.due_at < ${now}) as count,
      coalesce((select json_agg(o) from (
        select c.subject_type as type, c.subject_id as id, c.source, coalesce(${title}, '') as title, ${dealId} as "dealId", c.arrived_at as "arrivedAt", c.due_at as "dueAt"
        from response_clock c
        where c.subject_kind = ${kind} and c.first_contact_at is null and c.due_at < ${now}
        order by c.due_at desc nulls last limit ${overdueListLimit}) o), '[]') as items`;
}

async function overdueNow(db: DbExecutor, kind: ResponseSubjectKind, now: Date) {
  const result = (await db.execute(overdueNowSql(kind, now))) as unknown as {
    rows: { count: string | number; items: string | (Omit<OverdueItem, "source"> & { source: string })[] }[];
  };
  const row = result.rows[0]!;
  const items = (typeof row.items === "string" ? JSON.parse(row.items) : row.items) as (Omit<OverdueItem, "source"> & {
    source: string;
  })[];
  return {
    count: Number(row.count),
    items: items.map((item) => ({
      ...item,
      source: item.source as ResponseSource,
      arrivedAt: new Date(item.arrivedAt).toISOString(),
      dueAt: new Date(item.dueAt).toISOString(),
    })),
  };
}

/**
 * The response-times board for leads, deals or received stips arrived in a range of business days: the daily
 * rollups and the uncontacted clocks, summed by day, by source and in total.
 */
export async function promiseBoard(
  db: DbExecutor,
  query: PromiseBoardQuery,
  now: Date,
  promise: { timeZone: string; promisedMinutes: number },
): Promise<PromiseBoard> {
  const range = businessDaysToInstants(query, promise.timeZone);
  const [days, uncontacted, overdue] = await Promise.all([
    db.execute(promiseDaysSql(query.kind, query.from, query.to)),
    db.execute(promiseUncontactedSql(query.kind, range, now, promise.timeZone)),
    overdueNow(db, query.kind, now),
  ]);
  const parts = [
    ...(days as unknown as { rows: (Omit<Tally, "waiting" | "overdue"> & { day: string; source: string })[] }).rows,
    ...(
      uncontacted as unknown as {
        rows: { day: string; source: string; waiting: string | number; overdue: string | number }[];
      }
    ).rows.map((row) => ({
      day: row.day,
      source: row.source,
      waiting: Number(row.waiting),
      overdue: Number(row.overdue),
    })),
  ];
  const total = emptyTally();
  const byDay = new Map<string, Tally>();
  const bySource = new Map<string, Tally>();
  for (const part of parts) {
    addTally(total, part);
    addTally(tallyOf(byDay, part.day), part);
    addTally(tallyOf(bySource, part.source), part);
  }
  return {
    kind: query.kind,
    promisedMinutes: promise.promisedMinutes,
    total: stats(total),
    byDay: [...byDay].map(([day, tally]) => ({ day, ...stats(tally) })).sort((a, b) => a.day.localeCompare(b.day)),
    bySource: [...bySource]
      .map(([source, tally]) => ({ source: source as ResponseSource, ...stats(tally) }))
      .sort((a, b) => b.arrived - a.arrived),
    overdue,
  };
}
