import { sql } from "drizzle-orm";
import type { LeadInboxItem } from "#domain/api/back-office-leads.ts";
import { shortenAtWord } from "#domain/leads/lead-fields.ts";
import { INBOX_TITLE_LENGTH, isOverdue, type LeadStatus, type LeadType } from "#domain/leads/lead-inbox.ts";
import { responseDueAt } from "#domain/leads/response-promise.ts";
import type { Database } from "../../db/client.ts";
import { allLeads } from "./all-leads.ts";

type InboxRow = { type: LeadType; id: string; created_at: string | Date; title: string; contact: string; status: LeadStatus | null; assignee: string | null };

/**
 * Newest first; each with its status, assignee, when the first call is due (the credit team's hours:
 * after 15:00, the next business morning) and whether that passed. A long title (a footer message)
 * is shortened at a word; the lead's page has it whole.
 */
export async function leadInbox(db: Database, filter: { status?: LeadStatus }, now: Date, promisedMinutes: number, timeZone: string): Promise<{ leads: LeadInboxItem[] }> {
  const statusFilter = filter.status ? sql`where coalesce(s.status, 'new') = ${filter.status}` : sql``;
  const result = (await db.execute(sql`
    select l.type, l.id, l.created_at, l.title, l.contact, s.status, u.email as assignee
    from (${allLeads}) l
    left join lead_status s on s.lead_type = l.type and s.lead_id = l.id
    left join "user" u on u.id = s.assignee_user_id
    ${statusFilter}
    order by l.created_at desc limit 200`)) as unknown as { rows: InboxRow[] };
  return {
    leads: result.rows.map((row) => {
      const createdAt = new Date(row.created_at);
      const status = row.status ?? "new";
      return {
        type: row.type,
        id: row.id,
        createdAt: createdAt.toISOString(),
        title: shortenAtWord(row.title, INBOX_TITLE_LENGTH),
        contact: row.contact.trim(),
        status,
        assignee: row.assignee,
        dueAt: responseDueAt(createdAt, promisedMinutes, timeZone).toISOString(),
        overdue: isOverdue(createdAt, status, now, promisedMinutes, timeZone),
      };
    }),
  };
}
