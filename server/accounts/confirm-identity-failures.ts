import { and, count, eq, gt } from "drizzle-orm";
import type { DbExecutor } from "../db/client.ts";
import { auditLog } from "../audit/tables.ts";

/**
 * A confirmation guards new API keys, webhook endpoints, reveals and downloads, so a stolen session
 * must not guess the password or a code for ever by changing address: an account gets this many
 * failed confirmations an hour, from any address, then the session that asks is ended.
 */
export const confirmFailuresPerHour = 10;

export const tooManyConfirmFailuresMessage =
  "Too many tries to confirm it is you. For your safety you were signed out: please sign in again.";

/** Failed confirmations of the account in the last hour (audit entries, by the action and subject index). */
export async function recentConfirmFailures(db: DbExecutor, userId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ failures: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, "reauthentication.failed"),
        eq(auditLog.subject, userId),
        gt(auditLog.at, new Date(now.getTime() - 60 * 60 * 1000)),
      ),
    );
  return row?.failures ?? 0;
}
