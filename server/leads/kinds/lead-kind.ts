import type { SQL } from "drizzle-orm";
import type { LeadDetail, RelatedLead } from "#domain/leads/back-office-contracts.ts";
import type { LeadType } from "#domain/leads/lead-inbox.ts";
import type { Database } from "../../db/client.ts";

/** A lead's own part of its page: what its kind shows, before its handling, history and related leads. */
export type KindDetail<Type extends LeadType> = Omit<Extract<LeadDetail, { type: Type }>, "status" | "assignee" | "notes" | "history" | "related" | "referral">;

/** A lead as its kind's loader finds it: its page's own part, how to reach it (for related leads) and the records it links to directly. */
export type FoundLead<Type extends LeadType> = { detail: KindDetail<Type>; email: string | null; phone: string | null; linked: RelatedLead[] };

/**
 * How another lead finds leads of this kind by contact: its table as `t` (joined as needed), the
 * title it is listed under, and the indexed columns an e-mail or a phone is compared to (null:
 * the kind has none).
 */
export type ContactMatch = { from: SQL; title: SQL; email: SQL | null; phone: SQL | null };

/**
 * How a kind of lead reads as one row, written against the lead's row as `l` (its table, or the
 * `lead` of an insert's RETURNING): its title and a way to reach them (names, phone and e-mail,
 * never an SSN, tax id or date of birth), and the lower-cased words and phone digits a search
 * matches. The lead index (lead_status, lead-index.ts) and all-leads.ts (the CSV export, the
 * overview's counts, the promise board) read it.
 */
export type LeadRowSql = { table: string; join?: string; title: string; contact: string; words: string[]; phone: string };

/** One kind of lead on the server: how it reads as one row, how its page is loaded, and how it is found by contact. */
export type LeadKind<Type extends LeadType> = {
  row: LeadRowSql;
  load: (db: Database, id: string) => Promise<FoundLead<Type> | null>;
  byContact: ContactMatch;
};

export const iso = (value: Date | string) => new Date(value).toISOString();
