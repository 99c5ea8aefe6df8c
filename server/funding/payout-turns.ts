import { sql } from "drizzle-orm";
import type { DbExecutor } from "../db/client.ts";

/**
 * Building a payout batch and cancelling a funding take turns across every server, each holding this
 * lock until its transaction ends: a batch never pays a funding cancelled while it was being built.
 * Taken before any row lock, so the two never wait on each other in opposite orders.
 */
export async function takePayoutTurn(tx: DbExecutor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payout-batch'))`);
}
