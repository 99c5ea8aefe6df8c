// The response-times board at a million leads (docs/product-rules.md#r2-the-promise-of-a-call), called by
// scripts/bench/bench.ts: seeds
// `BENCH_PROMISE_LEADS` lead clocks (default 1,000,000, a year of arrivals) and a tenth as many deal
// clocks with generate_series, then times the board's queries (p95) and prints their plans.
// The board reads the daily rollups (response_day) and the uncontacted clocks (titles of the
// overdue list are 50 primary-key lookups). The seed bypasses the rollups' trigger and rebuilds
// them in one pass, timed; one clock stored and contacted through the trigger is timed too.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../server/db/client.ts";
import { backOfficeSummary } from "../../server/back-office-summary/summary.ts";
import {
  overdueNowSql,
  promiseBoard,
  promiseDaysSql,
  promiseUncontactedSql,
} from "../../server/response-times/promise-board.ts";
import { addCalendarDays, businessDaysToInstants } from "../../domain/site/business-day.ts";

const leadCount = Number(process.env.BENCH_PROMISE_LEADS ?? 1_000_000);
const timeZone = "America/Los_Angeles";
const rounds = Number(process.env.BENCH_PROMISE_ROUNDS ?? 20);

/** One year of arrivals back from now; a contact 0-119 working minutes after the promise starts, 0.5% never contacted. */
async function seed(db: DatabaseHandle["db"]) {
  const clocks = (kind: "lead" | "deal", count: number, minutes: number, types: SQL, sources: SQL) => sql`
    insert into response_clock (subject_kind, subject_type, subject_id, source, arrived_at, due_at, first_contact_at)
    select ${kind}, (${types})[1 + g % 6], gen_random_uuid(), (${sources})[1 + g % 6], a.at, a.due,
      case when g % 200 = 0 then null else a.due - make_interval(mins => ${minutes}) + make_interval(mins => ((g::bigint * 7919) % 120)::int) end
    from generate_series(1, ${count}) g,
      lateral (select now() - make_interval(secs => g * (31536000.0 / ${count})) as at) t,
      lateral (select t.at, response_due_at(t.at, ${timeZone}, ${minutes}) as due) a`;
  const started = performance.now();
  await db.execute(sql`alter table response_clock disable trigger response_day_maintain`);
  await db.execute(
    clocks(
      "lead",
      leadCount,
      30,
      sql`array['questionnaire', 'picked-option', 'calculator', 'calculator', 'credit-application', 'footer-message']`,
      sql`array['questionnaire', 'questionnaire', 'calculator', 'partner-link', 'credit-application', 'contact-form']`,
    ),
  );
  await db.execute(
    clocks(
      "deal",
      Math.round(leadCount / 10),
      60,
      sql`array['deal', 'deal', 'deal', 'deal', 'deal', 'deal']`,
      sql`array['vendor-deal', 'vendor-deal', 'vendor-deal', 'vendor-deal', 'vendor-deal', 'vendor-deal']`,
    ),
  );
  await db.execute(sql`alter table response_clock enable trigger response_day_maintain`);
  const clocksSeeded = (performance.now() - started) / 1000;
  const rebuilding = performance.now();
  await db.execute(sql`select rebuild_response_days()`);
  const rebuilt = (performance.now() - rebuilding) / 1000;
  // PGlite has no autovacuum: the visibility map (index-only scans) and statistics come from here.
  await db.execute(sql`vacuum analyze response_clock`);
  await db.execute(sql`vacuum analyze response_day`);
  return { clocksSeeded, rebuilt };
}

/** A lead's clock stored, then its first contact: the two writes the rollups' trigger adds to. */
async function clockWrites(db: DatabaseHandle["db"]) {
  const id = randomUUID();
  await db.execute(
    sql`insert into response_clock (subject_kind, subject_type, subject_id, source, arrived_at, due_at) values ('lead', 'calculator', ${id}, 'calculator', now(), now() + interval '30 minutes')`,
  );
  await db.execute(
    sql`update response_clock set first_contact_at = now() + interval '12 minutes' where subject_type = 'calculator' and subject_id = ${id}`,
  );
}

async function p95(run: () => Promise<unknown>) {
  await run();
  const timings: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const t0 = performance.now();
    await run();
    timings.push(performance.now() - t0);
  }
  timings.sort((a, b) => a - b);
  return timings[Math.min(timings.length - 1, Math.floor(timings.length * 0.95))]!;
}

async function plan(db: DatabaseHandle["db"], query: SQL) {
  const result = (await db.execute(sql`explain (analyze, costs off, timing on) ${query}`)) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows.map((row) => `    ${Object.values(row)[0]}`).join("\n");
}

export async function benchPromiseBoard(
  driver: "pglite" | "postgres",
  postgresUrl: string | undefined,
  report: (line: string) => void,
) {
  report(`  response-times board (${driver}):`);
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-board-"));
  const scratch = `bench_board_${randomUUID().slice(0, 8)}`;
  let database: DatabaseHandle;
  if (driver === "postgres") {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${scratch}`);
    await admin.end();
    const target = new URL(postgresUrl!);
    target.pathname = `/${scratch}`;
    database = await openDatabase({ driver: "postgres", url: target.toString() });
  } else {
    database = await openDatabase({ driver: "pglite", dataDir: path.join(dataDir, "pglite") });
  }
  try {
    await database.migrate();
    const { db } = database;
    const seeded = await seed(db);
    const now = new Date();
    const today = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(now);
    const month = { from: addCalendarDays(today, -29), to: today };
    const quarter = { from: addCalendarDays(today, -91), to: today };
    const board = (kind: "lead" | "deal", range: { from: string; to: string }) => () =>
      promiseBoard(db, { kind, ...range }, new Date(), { timeZone, promisedMinutes: kind === "lead" ? 30 : 60 });
    const results = {
      leads30: await p95(board("lead", month)),
      leads92: await p95(board("lead", quarter)),
      deals30: await p95(board("deal", month)),
      summary: await p95(() => backOfficeSummary(db, new Date(), timeZone)),
      clockWrites: await p95(() => clockWrites(db)),
    };
    report(
      `    ${leadCount.toLocaleString("en-US")} lead clocks + ${Math.round(leadCount / 10).toLocaleString("en-US")} deal clocks seeded in ${seeded.clocksSeeded.toFixed(1)} s; rollups rebuilt in ${seeded.rebuilt.toFixed(1)} s; p95 over ${rounds} runs:`,
    );
    report(
      `    board, leads, 30 days: ${results.leads30.toFixed(1)} ms; leads, 92 days: ${results.leads92.toFixed(1)} ms; deals, 30 days: ${results.deals30.toFixed(1)} ms`,
    );
    report(`    overview (overdue count from response_clock): ${results.summary.toFixed(1)} ms`);
    report(
      `    a clock stored and contacted (two statements, the trigger keeping the rollups): ${results.clockWrites.toFixed(1)} ms`,
    );
    report(
      `    plan, leads of 92 days, the rollups:\n${await plan(db, promiseDaysSql("lead", quarter.from, quarter.to))}`,
    );
    report(
      `    plan, leads of 92 days, the uncontacted:\n${await plan(db, promiseUncontactedSql("lead", businessDaysToInstants(quarter, timeZone), now, timeZone))}`,
    );
    report(`    plan, overdue now (count and latest 50):\n${await plan(db, overdueNowSql("lead", now))}`);
    return results;
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    if (driver === "postgres") {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${scratch} with (force)`);
      await admin.end();
    }
  }
}

/** On PGlite, and on PostgreSQL when a server is given. */
export async function benchPromiseBoards(postgresUrl: string | undefined, report: (line: string) => void) {
  await benchPromiseBoard("pglite", undefined, report);
  if (postgresUrl) await benchPromiseBoard("postgres", postgresUrl, report);
}

// Alone: `node --import tsx scripts/bench/bench-promise.ts` (PGlite, and PostgreSQL with BENCH_DATABASE_URL).
if (process.argv[1]?.endsWith("bench-promise.ts")) {
  await benchPromiseBoards(process.env.BENCH_DATABASE_URL, console.log);
  process.exit(0);
}
