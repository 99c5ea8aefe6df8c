import type { SQL } from "drizzle-orm";
import type { LeadDetail, RelatedLead } from "#domain/leads/back-office-contracts.ts";
import type { LeadType } from "#domain/leads/lead-inbox.ts";
import type { Database } from "../../db/client.ts";

/** A lead's own part of its page: what its kind shows, before its handling, history and related leads. */
export type KindDetail<Type extends LeadType> = Omit<
  Extract<LeadDetail, { type: Type }>,
  "status" | "assignee" | "notes" | "history" | "related" | "referral" | "directDeal"
>;

/** A lead as its kind's loader finds it: its page's own part, how to reach it (for related leads) and the records it links to directly. */
export type FoundLead<Type extends LeadType> = {
  detail: KindDetail<Type>;
  email: string | null;
  phone: string | null;
  linked: RelatedLead[];
};

/**
 * How another lead finds leads of this kind by contact: its table as `t` (joined as needed), the
 * title it is listed under, and the indexed columns an e-mail or a phone is compared to (null:
 * the kind has none).
 */
export type ContactMatch = { from: SQL; title: SQL; email: SQL | null; phone: SQL | null };

/** One kind of lead on the server: how its page is loaded, and how it is found by contact (its row in the lead index: response-times/lead-index.ts). */
export type LeadKind<Type extends LeadType> = {
  load: (db: Database, id: string) => Promise<FoundLead<Type> | null>;
  byContact: ContactMatch;
};

export const iso = (value: Date | string) => new Date(value).toISOString();
