import { sql, type SQL } from "drizzle-orm";
import { UNASSIGNED, type LeadInboxItem, type LeadInboxQuery } from "#domain/leads/back-office-contracts.ts";
import type { ListPage } from "#domain/http/list-page.ts";
import { shortenAtWord } from "#domain/leads/lead-fields.ts";
import { INBOX_TITLE_LENGTH, isOverdue, type LeadStatus, type LeadType } from "#domain/leads/lead-inbox.ts";
import { responseDueAt } from "#domain/response-times/response-promise.ts";
import type { Database } from "../db/client.ts";
import { createdBetween } from "../shared/lists/created-between.ts";
import { listWithTotal, type Keyset } from "../shared/lists/keyset-page.ts";
import { matchesSearch } from "../shared/lists/matches-search.ts";

type InboxRow = {
  type: LeadType;
  id: string;
  created_at: string | Date;
  title: string;
  contact: string;
  status: LeadStatus;
  assignee: string | null;
  due_at: string | Date | null;
};

/** The filters of a lead list query, on the lead index (lead_status as `s`); each has its index. */
export function leadFilters(query: LeadInboxQuery, timeZone: string): SQL[] {
  const where: SQL[] = [];
  if (query.q) where.push(matchesSearch(sql`s.search_text`, query.q));
  if (query.type) where.push(sql`s.lead_type = ${query.type}`);
  if (query.status) where.push(sql`s.status = ${query.status}`);
  if (query.assignee)
    where.push(
      query.assignee === UNASSIGNED ? sql`s.assignee_user_id is null` : sql`s.assignee_user_id = ${query.assignee}`,
    );
  where.push(...createdBetween(sql`s.created_at`, query, timeZone));
  return where;
}

/**
 * A page of the lead index (one row per lead of any kind, lead-index.ts), newest first unless
 * sorted otherwise; each with its status, assignee and whether the promised callback time passed.
 * A long title (a footer message) is shortened at a word; the lead's page has it whole.
 */
export async function leadInbox(
  db: Database,
  query: LeadInboxQuery,
  now: Date,
  promisedMinutes: number,
  timeZone: string,
): Promise<{ leads: LeadInboxItem[]; page: ListPage }> {
  const keyset: Keyset = {
    column: query.sort === "title" ? sql`s.title` : sql`s.created_at`,
    id: sql`s.lead_id`,
    type: query.sort === "title" ? "text" : "timestamptz",
    direction: query.dir ?? (query.sort === "title" ? "asc" : "desc"),
  };
  const { rows, page } = await listWithTotal<InboxRow>(db, {
    alias: "s",
    select: sql`s.lead_type as type, s.lead_id as id, s.created_at, s.title, s.contact, s.status, (select u.email from "user" u where u.id = s.assignee_user_id) as assignee,
      (select c.due_at from response_clock c where c.subject_type = s.lead_type and c.subject_id = s.lead_id) as due_at`,
    from: sql`lead_status s`,
    where: leadFilters(query, timeZone),
    keyset,
    cursor: query.cursor,
  });
  return {
    page,
    leads: rows.map((row) => {
      const createdAt = new Date(row.created_at);
      // The clock's due time, set on the calendar of the day it arrived (every lead has one since 0013).
      const dueAt = row.due_at ? new Date(row.due_at) : responseDueAt(createdAt, promisedMinutes, timeZone);
      return {
        type: row.type,
        id: row.id,
        createdAt: createdAt.toISOString(),
        title: shortenAtWord(row.title, INBOX_TITLE_LENGTH),
        contact: row.contact.trim(),
        status: row.status,
        assignee: row.assignee,
        dueAt: dueAt.toISOString(),
        overdue: isOverdue(dueAt, row.status, now),
      };
    }),
  };
}
