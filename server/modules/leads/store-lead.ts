import type { Database, Transaction } from "../../db/client.ts";
import { enqueueMail, type OutgoingMail } from "../mail/enqueue-mail.ts";

/** What a notification mail needs to know. */
export type MailContext = { creditTeamEmail: string; publicUrl: string; product: string };

export type LeadContext = MailContext & {
  /** Rate limit of each public submission route, per address. */
  rateLimit: { max: number; timeWindow: string };
};

/**
 * Stores a lead and its credit-team notification in one transaction, so a stored lead is always
 * announced and a failed one never is. `insert` returns null when the idempotency key was seen
 * before: then nothing new is stored or mailed, and the first record's id is returned.
 */
export async function storeLead(
  db: Database,
  steps: {
    insert: (tx: Transaction) => Promise<string | null>;
    existing: (tx: Transaction) => Promise<string>;
    notification: (id: string) => OutgoingMail;
  },
): Promise<{ id: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const id = await steps.insert(tx);
    if (id === null) return { id: await steps.existing(tx), created: false };
    await enqueueMail(tx, steps.notification(id));
    return { id, created: true };
  });
}
