import type { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import type { LeadStatus, LeadType } from "#domain/leads/lead-inbox.ts";
import type { Database } from "../db/client.ts";
import { csvStream } from "../shared/csv/csv-stream.ts";
import { keysetBatches } from "../shared/csv/keyset-batches.ts";
import { allLeads } from "../response-times/all-leads.ts";

/** `position` is created_at as text: a JS Date would drop the microseconds the keyset compares. */
type LeadRow = {
  type: LeadType;
  id: string;
  created_at: string | Date;
  position: string;
  title: string;
  contact: string;
  status: LeadStatus | null;
  assignee: string | null;
};

const header = ["type", "id", "created_at", "title", "contact", "status", "assignee"];

type Range = { start: Date; end: Date };

/** One batch, newest first, after the row `after`; status and assignee joined to the batch only. */
async function selectLeads(db: Database, range: Range, after: LeadRow | undefined, size: number): Promise<LeadRow[]> {
  // The plain created_at bound is implied by the row comparison, but only it can use an index.
  const afterLast = after
    ? sql`and l.created_at <= ${after.position}::timestamptz and (l.created_at, l.type, l.id) < (${after.position}::timestamptz, ${after.type}, ${after.id}::uuid)`
    : sql``;
  const result = await db.execute(sql`
    select l.type, l.id, l.created_at, l.created_at::text as position, l.title, l.contact, s.status, u.email as assignee
    from (
      select * from (${allLeads}) l
      where l.created_at >= ${range.start.toISOString()}::timestamptz and l.created_at < ${range.end.toISOString()}::timestamptz ${afterLast}
      order by l.created_at desc, l.type desc, l.id desc
      limit ${size}
    ) l
    left join lead_status s on s.lead_type = l.type and s.lead_id = l.id
    left join "user" u on u.id = s.assignee_user_id
    order by l.created_at desc, l.type desc, l.id desc`);
  return (result as unknown as { rows: LeadRow[] }).rows;
}

async function* rowsOf(batches: AsyncIterable<LeadRow[]>) {
  for await (const batch of batches) {
    yield batch.map((lead) => [
      lead.type,
      lead.id,
      new Date(lead.created_at),
      lead.title,
      lead.contact.trim(),
      lead.status ?? "new",
      lead.assignee ?? "",
    ]);
  }
}

/**
 * Every lead of every kind created in [start, end), newest first, as a streamed CSV.
 * Batches of 5000 rows (about 1 MB of CSV): without an index on created_at each batch scans the
 * lead tables, so fewer batches are much faster.
 */
export function leadsCsv(db: Database, range: Range, batchSize = 5000): Promise<Readable> {
  return csvStream(
    header,
    rowsOf(keysetBatches<LeadRow>((after, size) => selectLeads(db, range, after, size), batchSize)),
  );
}
