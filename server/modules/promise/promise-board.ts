import { sql } from "drizzle-orm";
import type { OverdueItem, PromiseBoard, PromiseBoardQuery, PromiseStats } from "#domain/api/back-office-promise.ts";
import type { ResponseSource, ResponseSubjectKind } from "#domain/leads/response-promise.ts";
import { businessDaysToInstants } from "#domain/site/business-day.ts";
import type { DbExecutor } from "../../db/client.ts";
import { allLeads } from "../leads/all-leads.ts";

/** The overdue list's length: the latest due first. */
export const overdueListLimit = 50;

type StatsRow = {
  day: string | null;
  source: string | null;
  grouped: number;
  arrived: string | number;
  contacted: string | number;
  waiting: string | number;
  kept: string | number;
  missed: string | number;
  median: string | number | null;
  p90: string | number | null;
};

const minutes = (value: string | number | null) => (value === null ? null : Math.round(Number(value) * 10) / 10);

function stats(row: StatsRow): PromiseStats {
  const kept = Number(row.kept);
  const missed = Number(row.missed);
  return {
    arrived: Number(row.arrived),
    contacted: Number(row.contacted),
    waiting: Number(row.waiting),
    kept,
    missed,
    keptShare: kept + missed === 0 ? null : kept / (kept + missed),
    medianMinutes: minutes(row.median),
    p90Minutes: minutes(row.p90),
  };
}

const emptyStats: PromiseStats = { arrived: 0, contacted: 0, waiting: 0, kept: 0, missed: 0, keptShare: null, medianMinutes: null, p90Minutes: null };

/**
 * The board's numbers in one statement: the range's clocks of one kind (an index-only range scan
 * on response_clock_board_idx) grouped three ways at once (by business day, by source, in total);
 * percentiles by percentile_cont over wall-clock minutes to first contact (uncontacted rows are
 * null and left out).
 */
export const promiseStatsSql = (kind: ResponseSubjectKind, range: { start: Date; end: Date }, now: Date, timeZone: string) => sql`
    select c.day, c.source, grouping(c.day, c.source) as grouped,
      count(*) as arrived,
      count(c.first_contact_at) as contacted,
      count(*) filter (where c.first_contact_at is null and c.due_at >= ${now}) as waiting,
      count(*) filter (where c.first_contact_at <= c.due_at) as kept,
      count(*) filter (where c.first_contact_at > c.due_at or (c.first_contact_at is null and c.due_at < ${now})) as missed,
      percentile_cont(0.5) within group (order by c.wait) as median,
      percentile_cont(0.9) within group (order by c.wait) as p90
    from (
      select to_char(arrived_at at time zone ${timeZone}, 'YYYY-MM-DD') as day, source, due_at, first_contact_at,
        extract(epoch from first_contact_at - arrived_at) / 60 as wait
      from response_clock
      where subject_kind = ${kind} and arrived_at >= ${range.start} and arrived_at < ${range.end}
    ) c
    group by grouping sets ((c.day), (c.source), ())`;

/** What is past due and uncontacted now (the partial index response_clock_waiting_idx), with each one's title. */
export function overdueNowSql(kind: ResponseSubjectKind, now: Date) {
  const title =
    kind === "lead"
      ? sql`(select l.title from (${allLeads}) l where l.type = c.subject_type and l.id = c.subject_id)`
      : sql`(select d.business_name || ' (' || d.account_number || ')' from deal d where d.id = c.subject_id)`;
  return sql`
    select (select count(*) from response_clock w where w.subject_kind = ${kind} and w.first_contact_at is null and w.due_at < ${now}) as count,
      coalesce((select json_agg(o) from (
        select c.subject_type as type, c.subject_id as id, c.source, coalesce(${title}, '') as title, c.arrived_at as "arrivedAt", c.due_at as "dueAt"
        from response_clock c
        where c.subject_kind = ${kind} and c.first_contact_at is null and c.due_at < ${now}
        order by c.due_at desc limit ${overdueListLimit}) o), '[]') as items`;
}

async function overdueNow(db: DbExecutor, kind: ResponseSubjectKind, now: Date) {
  const result = (await db.execute(overdueNowSql(kind, now))) as unknown as {
    rows: { count: string | number; items: string | (Omit<OverdueItem, "source"> & { source: string })[] }[];
  };
  const row = result.rows[0]!;
  const items = (typeof row.items === "string" ? JSON.parse(row.items) : row.items) as (Omit<OverdueItem, "source"> & { source: string })[];
  return {
    count: Number(row.count),
    items: items.map((item) => ({ ...item, source: item.source as ResponseSource, arrivedAt: new Date(item.arrivedAt).toISOString(), dueAt: new Date(item.dueAt).toISOString() })),
  };
}

/** The response-times board for leads or deals arrived in a range of business days. */
export async function promiseBoard(db: DbExecutor, query: PromiseBoardQuery, now: Date, promise: { timeZone: string; promisedMinutes: number }): Promise<PromiseBoard> {
  const range = businessDaysToInstants(query, promise.timeZone);
  const [grouped, overdue] = await Promise.all([db.execute(promiseStatsSql(query.kind, range, now, promise.timeZone)), overdueNow(db, query.kind, now)]);
  const rows = (grouped as unknown as { rows: StatsRow[] }).rows;
  const total = rows.find((row) => row.day === null && row.source === null && Number(row.grouped) === 3);
  return {
    kind: query.kind,
    promisedMinutes: promise.promisedMinutes,
    total: total ? stats(total) : emptyStats,
    byDay: rows
      .filter((row) => row.day !== null)
      .map((row) => ({ day: row.day!, ...stats(row) }))
      .sort((a, b) => a.day.localeCompare(b.day)),
    bySource: rows
      .filter((row) => row.source !== null)
      .map((row) => ({ source: row.source as ResponseSource, ...stats(row) }))
      .sort((a, b) => b.arrived - a.arrived),
    overdue,
  };
}
