import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.ts";

export type OutboxBacklog = { pending: number; oldestAgeSeconds: number };

async function rows<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * Mails not delivered yet and the age of the oldest, in seconds (0 when none is pending). Reads
 * the pending rows only, which the partial index mail_outbox_due_idx covers: cheap at every scrape.
 */
export async function outboxBacklog(db: Database): Promise<OutboxBacklog> {
  const [row] = await rows<{ pending: number | string; oldest: number | string | null }>(
    db,
    sql`select count(*)::int as pending, extract(epoch from now() - min(created_at))::float8 as oldest from mail_outbox where status = 'pending'`,
  );
  return { pending: Number(row?.pending ?? 0), oldestAgeSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
}

/** When the newest `retention.purge` audit entry was written (epoch seconds), or null before the first purge. */
export async function lastRetentionPurge(db: Database): Promise<number | null> {
  const [row] = await rows<{ at: number | string | null }>(
    db,
    sql`select extract(epoch from max(at))::float8 as at from audit_log where action = 'retention.purge'`,
  );
  return row?.at == null ? null : Number(row.at);
}
