import { and, count, gt, sql } from "drizzle-orm";
import type { DbExecutor } from "../db/client.ts";
import { mailOutbox } from "./tables.ts";

/**
 * Mails of every kind queued to an address (any case) in the last hour: what a per-recipient cap
 * counts, whoever asked for them. In a transaction it first waits for any other one counting the
 * same address, so two requests cannot both pass a cap.
 */
export async function countMailsToRecipientInLastHour(db: DbExecutor, to: string): Promise<number> {
  const address = to.toLowerCase();
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`mail-to:${address}`}))`);
  const [row] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(sql`lower(${mailOutbox.to}) = ${address}`, gt(mailOutbox.createdAt, sql`now() - interval '1 hour'`)));
  return row?.n ?? 0;
}
