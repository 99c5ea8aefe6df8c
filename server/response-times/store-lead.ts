import { sql, type SQLWrapper } from "drizzle-orm";
import type { DbExecutor } from "../db/client.ts";
import { mailOutbox } from "../mail/tables.ts";
import { responseClock } from "./tables.ts";
import { wakeAfterCommit } from "../db/wake-after-commit.ts";
import type { LeadType } from "#domain/leads/lead-inbox.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import type { OutgoingMail } from "../mail/enqueue-mail.ts";
import { hideLinkSecrets } from "../mail/hide-link-secrets.ts";
import type { LeadClock } from "./response-clock.ts";
import { insertLeadIndexRow } from "./lead-index.ts";

/**
 * Stores a lead, its credit-team notification and its row in the lead index (lead_status, what the
 * lead list reads) in one statement (the outbox and index rows are inserted from the lead's
 * RETURNING), so a stored lead is always announced and listed and a refused one never is, in one
 * round trip. `insert` must be `... on conflict (idempotency_key) do nothing returning *` (every
 * column: the index row is read from them):
 * when the key was seen before nothing new is stored or mailed, and the first record's id is
 * returned. A lead with more rows (owners) runs this inside its own transaction. The lead's
 * promise clock (`response_clock`) is started in the same statement, at the arrival `leadClock` chose;
 * its due time is the calendar's SQL rule (`response_due_at`, held to domain/response-times/response-promise.ts
 * by working-calendar.test.ts), so the visitor's request pays no extra round trip for it.
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
    indexed as (${insertLeadIndexRow(lead.type, sql`lead`)}),
    clock as (insert into ${responseClock} (subject_kind, subject_type, subject_id, source, arrived_at, due_at) select 'lead', ${lead.type}, id, ${source}, ${arrivedAt}, response_due_at(${arrivedAt}::timestamptz, ${timeZone}::text, ${minutes}::int) from lead)
    select id from lead`)) as unknown as { rows: { id: string }[] };
  const id = result.rows[0]?.id;
  if (id) wakeAfterCommit(db, "mail");
  return id ? { id, created: true } : { id: await lead.existing(), created: false };
}
