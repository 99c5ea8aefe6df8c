import { sql, type SQLWrapper } from "drizzle-orm";
import type { DbExecutor } from "../db/client.ts";
import { mailOutbox } from "../mail/tables.ts";
import { leadIntake } from "./tables.ts";
import { wakeAfterCommit } from "../db/wake-after-commit.ts";
import type { LeadType } from "#domain/leads/lead-inbox.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import type { OutgoingMail } from "../mail/enqueue-mail.ts";
import { hideLinkSecrets } from "../mail/hide-link-secrets.ts";
import type { LeadClock } from "./response-clock.ts";

/**
 * Stores a lead and its credit-team notification in one statement (the outbox row is inserted from
 * the lead's RETURNING), so a stored lead is always announced and a refused one never is, in one
 * round trip. `insert` must be `... on conflict (idempotency_key) do nothing returning *`: when the
 * key was seen before nothing new is stored or mailed, and the first record's id is returned. A lead
 * with more rows (owners) runs this inside its own transaction.
 *
 * Its row in the lead index (lead_status, what the lead list reads) and its promise clock
 * (response_clock) are written after the commit, in batches (index-arrived-leads.ts): the same
 * statement queues the lead in lead_intake with the clock's terms (`leadClock`'s arrival), so the
 * visitor's request does not pay for the index's seven indexes, the clock's trigger and the due time
 * (docs/quality.md, the lead write step by step).
 */
export async function storeLead(
  db: DbExecutor,
  lead: {
    type: LeadType;
    insert: SQLWrapper;
    existing: () => Promise<string>;
    notification: OutgoingMail;
    cipher: FieldCipher;
    clock: LeadClock;
  },
): Promise<{ id: string; created: boolean }> {
  const mail = hideLinkSecrets(lead.notification, lead.cipher);
  const { source, arrivedAt, minutes, timeZone } = lead.clock;
  const result = (await db.execute(sql`
    with lead as (${lead.insert.getSQL()}),
    outbox as (insert into ${mailOutbox} ("to", subject, html, text, link_secrets) select ${mail.to}, ${mail.subject}, ${mail.html}, ${mail.text}, ${mail.linkSecrets} from lead),
    intake as (insert into ${leadIntake} (lead_type, lead_id, source, arrived_at, due_minutes, time_zone) select ${lead.type}, id, ${source}, ${arrivedAt}, ${minutes}, ${timeZone} from lead)
    select id from lead`)) as unknown as { rows: { id: string }[] };
  const id = result.rows[0]?.id;
  if (id) {
    wakeAfterCommit(db, "mail");
    wakeAfterCommit(db, "lead-intake");
  }
  return id ? { id, created: true } : { id: await lead.existing(), created: false };
}
