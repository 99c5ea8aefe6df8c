import { sql, type SQL } from "drizzle-orm";
import { leadTypes, type LeadType } from "#domain/leads/lead-inbox.ts";
import { leadKinds } from "./kinds/lead-kinds.ts";
import type { LeadRowSql } from "./kinds/lead-kind.ts";

/** The index keeps this much of a title (a footer message's text can be long; a btree entry cannot); the lead's page has it whole. */
const INDEX_TITLE_LENGTH = 300;

/** The search text of a lead: what `leadSearchPattern` (domain) matches. */
const searchText = (kind: LeadRowSql) => `lower(concat_ws(' ', ${kind.words.join(", ")})) || ' ' || regexp_replace(${kind.phone}, '\\D', '', 'g')`;

/** The index row of each lead in `from` (the kind's table when omitted). */
function indexRows(type: LeadType, from?: SQL): SQL {
  const kind = leadKinds[type].row;
  return sql`select ${sql.raw(`'${type}'`)} as lead_type, l.id as lead_id, l.created_at, left(${sql.raw(kind.title)}, ${sql.raw(String(INDEX_TITLE_LENGTH))}) as title, ${sql.raw(kind.contact)} as contact, ${sql.raw(searchText(kind))} as search_text
    from ${from ?? sql.raw(kind.table)} l ${sql.raw(kind.join ?? "")}`;
}

const indexColumns = sql.raw("lead_type, lead_id, created_at, title, contact, search_text");

/**
 * Inserts the index row of the lead an insert's RETURNING names (`from`, e.g. the `lead` of a
 * WITH), as part of the same statement: store-lead.ts runs it with every lead.
 */
export function insertLeadIndexRow(type: LeadType, from: SQL): SQL {
  return sql`insert into lead_status (${indexColumns}) ${indexRows(type, from)}`;
}

/**
 * (Re)writes the index row of every lead, keeping status, assignee and notes: for leads stored
 * straight into their tables (the bench's million, a restore of old data). The migration that
 * added the index ran the same statement once.
 */
export const reindexAllLeads = sql`insert into lead_status (${indexColumns})
  ${sql.join(
    leadTypes.map((type) => indexRows(type)),
    sql` union all `,
  )}
  on conflict (lead_type, lead_id) do update set created_at = excluded.created_at, title = excluded.title, contact = excluded.contact, search_text = excluded.search_text`;
