import { sql, type SQL } from "drizzle-orm";
import { leadTypes, type LeadType } from "#domain/leads/lead-inbox.ts";

/**
 * How each kind of lead reads as one row (docs/product-rules.md#r46-back-office-lists), written against the lead's row
 * as `l` (its
 * table, or the `lead` of an insert's RETURNING): its title and a way to reach them (names, phone
 * and e-mail, never an SSN, tax id or date of birth; a picked option's through the answer it was
 * picked from; a footer message's whole text), and the lower-cased words and phone digits a
 * search matches. The lead index (lead_status) and all-leads.ts read it.
 */
export const leadRows: Record<
  LeadType,
  { table: string; join?: string; title: string; contact: string; words: string[]; phone: string }
> = {
  questionnaire: {
    table: "questionnaire_answer",
    title: "l.business_name || ' (' || l.name_of_owner || ')'",
    contact: "l.business_phone",
    words: ["l.business_name", "l.name_of_owner"],
    phone: "l.business_phone",
  },
  "picked-option": {
    table: "picked_option",
    join: "left join questionnaire_answer a on a.id = l.answer_id",
    title: "l.business_name || ': ' || l.term || ' months'",
    contact: "coalesce(a.name_of_owner || ' ' || a.business_phone, '')",
    words: ["l.business_name", "a.name_of_owner"],
    phone: "coalesce(a.business_phone, '')",
  },
  "credit-application": {
    table: "credit_application",
    title: "l.business_name",
    contact: "l.business_phone || ' ' || l.business_email",
    words: ["l.business_name", "l.business_contact", "l.business_email"],
    phone: "l.business_phone",
  },
  calculator: {
    table: "calculator_lead",
    title: "l.first_name || ' ' || l.last_name",
    contact: "l.owner_phone || ' ' || l.owner_email",
    words: ["l.first_name", "l.last_name", "l.owner_email"],
    phone: "l.owner_phone",
  },
  "vendor-contact": {
    table: "vendor_contact",
    title: "l.business_name || ' (' || l.contact_name || ')'",
    contact: "l.phone_number || ' ' || l.email",
    words: ["l.business_name", "l.contact_name", "l.email"],
    phone: "l.phone_number",
  },
  "footer-message": {
    table: "footer_message",
    title: "l.name_user || coalesce(' (' || nullif(l.name_of_business, '') || ')', '') || ': ' || l.message",
    contact: "l.email_user",
    words: ["l.name_user", "l.name_of_business", "l.email_user"],
    phone: "''",
  },
};

/** The index keeps this much of a title (a footer message's text can be long; a btree entry cannot); the lead's page has it whole. */
const INDEX_TITLE_LENGTH = 300;

/** The search text of a lead: what `leadSearchPattern` (domain) matches. */
const searchText = (kind: (typeof leadRows)[LeadType]) =>
  `lower(concat_ws(' ', ${kind.words.join(", ")})) || ' ' || regexp_replace(${kind.phone}, '\\D', '', 'g')`;

/** The index row of each lead in `from` (the kind's table when omitted). */
function indexRows(type: LeadType, from?: SQL): SQL {
  const kind = leadRows[type];
  return sql`select ${sql.raw(`'${type}'`)} as lead_type, l.id as lead_id, l.created_at, left(${sql.raw(kind.title)}, ${sql.raw(String(INDEX_TITLE_LENGTH))}) as title, ${sql.raw(kind.contact)} as contact, ${sql.raw(searchText(kind))} as search_text
    from ${from ?? sql.raw(kind.table)} l ${sql.raw(kind.join ?? "")}`;
}

const indexColumns = sql.raw("lead_type, lead_id, created_at, title, contact, search_text");

/**
 * Inserts the index rows of the leads `arrived` names (a WITH of `lead_type, lead_id` rows: the
 * intake's batch, index-arrived-leads.ts), every kind in one statement; a lead already indexed is left
 * as it is.
 */
export function insertArrivedLeadIndexRows(arrived: SQL): SQL {
  const kinds = leadTypes.map((type) =>
    indexRows(
      type,
      sql`(select t.* from ${sql.raw(leadRows[type].table)} t join ${arrived} a on a.lead_type = ${sql.raw(`'${type}'`)} and a.lead_id = t.id)`,
    ),
  );
  return sql`insert into lead_status (${indexColumns}) ${sql.join(kinds, sql` union all `)} on conflict (lead_type, lead_id) do nothing`;
}

/**
 * (Re)writes the index row of every lead, keeping status, assignee and notes: for leads stored
 * straight into their tables (the bench's million, a restore of old data). The migration that
 * added the index ran the same statement once. New rows go in the order the leads arrived, as the
 * intake writes them: the list's newest-first walk then reads neighbouring rows from the same pages
 * instead of one page per row (kind after kind, every step of that walk was in another part of the table).
 */
export const reindexAllLeads = sql`insert into lead_status (${indexColumns})
  select * from (${sql.join(
    leadTypes.map((type) => indexRows(type)),
    sql` union all `,
  )}) arrived order by created_at, lead_id
  on conflict (lead_type, lead_id) do update set created_at = excluded.created_at, title = excluded.title, contact = excluded.contact, search_text = excluded.search_text`;
