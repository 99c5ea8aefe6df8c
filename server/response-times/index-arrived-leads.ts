import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { DbExecutor } from "../db/client.ts";
import { leadIntake, responseClock } from "./tables.ts";
import { insertArrivedLeadIndexRows } from "./lead-index.ts";

/** The most leads one pass moves: one statement, a few milliseconds at this size. */
const batchSize = 500;

/**
 * Moves up to `batchSize` arrived leads (lead_intake) into the lead index and onto the promise
 * clock, and deletes their intake rows, in one statement: a lead is indexed and clocked exactly
 * once, whichever server's pass takes it (rows another pass holds are skipped, or with `wait` waited
 * for, in the intake's key order so two waiting passes cannot deadlock). The due time is the
 * calendar's SQL rule (`response_due_at`, held to domain/response-times/response-promise.ts by
 * working-calendar.test.ts) at the arrival the visitor's request chose. Returns how many it moved.
 */
export async function indexArrivedLeads(db: DbExecutor, { wait = false } = {}): Promise<number> {
  const result = (await db.execute(sql`
    with arrived as (
      delete from ${leadIntake} where (lead_type, lead_id) in (select lead_type, lead_id from ${leadIntake} order by lead_type, lead_id limit ${batchSize} for update ${wait ? sql`` : sql`skip locked`})
      returning *
    ),
    indexed as (${insertArrivedLeadIndexRows(sql`arrived`)}),
    clocked as (insert into ${responseClock} (subject_kind, subject_type, subject_id, source, arrived_at, due_at)
      select 'lead', lead_type, lead_id, source, arrived_at, response_due_at(arrived_at, time_zone, due_minutes) from arrived
      on conflict do nothing)
    select count(*)::int as count from arrived`)) as unknown as { rows: { count: number }[] };
  return result.rows[0]!.count;
}

/**
 * Every lead that has arrived, indexed and clocked before a staff read of the leads (the lists, a
 * lead's page and its handling, the board): what the credit team was mailed is always listed, even
 * in the moment before the worker's pass, or while another server's pass holds them (this one waits
 * for it). An empty intake costs one index probe.
 */
export async function indexAllArrivedLeads(db: DbExecutor): Promise<void> {
  while ((await indexArrivedLeads(db, { wait: true })) === batchSize);
}

/** Every route of the plugin `app` reads the leads: each request indexes what has arrived first. */
export function indexArrivedLeadsBeforeEachRequest(app: FastifyInstance): void {
  app.addHook("preHandler", async () => indexAllArrivedLeads(app.db));
}
