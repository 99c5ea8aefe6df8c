import { desc } from "drizzle-orm";
import type { OutboxMail } from "#domain/mail/outbox-contracts.ts";
import type { Database } from "../db/client.ts";
import { mailOutbox } from "./tables.ts";

/** The latest 100 mails, newest first, whatever their state. */
export async function listOutboxMails(db: Database): Promise<{ mails: OutboxMail[] }> {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(100);
  return {
    mails: rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: row.text,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
  };
}
