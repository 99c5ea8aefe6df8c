import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { mailOutbox } from "./tables.ts";
import { wakeAfterCommit } from "../db/wake-after-commit.ts";
import { AppError } from "../shared/errors.ts";

/** Makes a pending mail due now, and wakes the mail worker. */
export async function retryOutboxMail(db: Database, id: string): Promise<void> {
  const [mail] = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: new Date() })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "pending")))
    .returning({ id: mailOutbox.id });
  if (!mail) throw new AppError("NOT_FOUND", "No pending mail with this id.");
  wakeAfterCommit(db, "mail");
}
