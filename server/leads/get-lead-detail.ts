import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { LeadDetail, RelatedLead } from "#domain/leads/back-office-contracts.ts";
import type { LeadHistoryField } from "#domain/leads/lead-fields.ts";
import { leadTypes, type LeadStatus, type LeadType } from "#domain/leads/lead-inbox.ts";
import type { Database } from "../db/client.ts";
import { user } from "../auth/tables.ts";
import { deal } from "../deals/tables.ts";
import { leadHistory, leadStatus } from "./tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { referredThrough, type ReferralLeadType } from "../deals/create-referred-deal.ts";
import { iso, type ContactMatch, type LeadKind } from "./kinds/lead-kind.ts";
import { leadKinds } from "./kinds/lead-kinds.ts";

/** How far back a lead with the same e-mail or phone counts as related, and how many are listed. */
export const RELATED_LEAD_DAYS = 90;
export const RELATED_LEAD_LIMIT = 10;

type RelatedRow = { type: LeadType; id: string; created_at: string | Date; title: string; same_email: boolean };

/**
 * Leads of the last 90 days that share the e-mail or the phone, newest first, at most 10. Each
 * branch filters its own table on its indexed contact columns, so no table is read whole.
 */
async function relatedByContact(
  db: Database,
  self: { id: string },
  email: string | null,
  phone: string | null,
  now: Date,
): Promise<RelatedLead[]> {
  if (!email && !phone) return [];
  const since = new Date(now.getTime() - RELATED_LEAD_DAYS * 86_400_000).toISOString();
  const e = email ?? "";
  const p = phone ?? "";
  const branch = (type: LeadType, { from, title, email: emailColumn, phone: phoneColumn }: ContactMatch) => {
    const matches = [
      emailColumn && email ? sql`${emailColumn} = ${e}` : null,
      phoneColumn && phone ? sql`${phoneColumn} = ${p}` : null,
    ].filter((part): part is SQL => part !== null);
    if (matches.length === 0) return null;
    const sameEmail = emailColumn && email ? sql`${emailColumn} = ${e}` : sql`false`;
    return sql`select ${type}::text as type, t.id, t.created_at, ${title} as title, ${sameEmail} as same_email
      from ${from} where (${sql.join(matches, sql` or `)}) and t.created_at > ${since}::timestamptz and t.id <> ${self.id}::uuid`;
  };
  const branches = leadTypes
    .map((type) => branch(type, leadKinds[type].byContact))
    .filter((part): part is SQL => part !== null);
  const result = (await db.execute(
    sql`select * from (${sql.join(branches, sql` union all `)}) related order by created_at desc limit ${RELATED_LEAD_LIMIT}`,
  )) as unknown as { rows: RelatedRow[] };
  return result.rows.map((row) => ({
    type: row.type,
    id: row.id,
    createdAt: iso(row.created_at),
    title: row.title,
    relation: row.same_email ? "same-email" : "same-phone",
  }));
}

/** One lead of any kind for the credit team: every field (sensitive numbers masked), its handling, history and related leads. */
export async function leadDetailForStaff(
  db: Database,
  type: LeadType,
  id: string,
  now = new Date(),
): Promise<LeadDetail | null> {
  // The map is typed kind by kind; for a `type` of any kind, its loader answers any kind's part.
  const found = await (leadKinds[type] as LeadKind<LeadType>).load(db, id);
  if (!found) return null;
  const [handling] = await db
    .select({ status: leadStatus.status, notes: leadStatus.notes, assigneeId: user.id, assigneeEmail: user.email })
    .from(leadStatus)
    .leftJoin(user, eq(user.id, leadStatus.assigneeUserId))
    .where(and(eq(leadStatus.leadType, type), eq(leadStatus.leadId, id)));
  const history = await db
    .select({
      field: leadHistory.field,
      from: leadHistory.fromValue,
      to: leadHistory.toValue,
      at: leadHistory.at,
      actor: user.email,
    })
    .from(leadHistory)
    .innerJoin(user, eq(user.id, leadHistory.actorUserId))
    .where(and(eq(leadHistory.leadType, type), eq(leadHistory.leadId, id)))
    // One save's changes share their instant: status, assignee, then notes.
    .orderBy(
      asc(leadHistory.at),
      sql`case ${leadHistory.field} when 'status' then 1 when 'assignee' then 2 else 3 end`,
    );
  // The lead's deal, if it has one (deal_referral_lead_idx): a company's (referred through its link) or a direct one.
  const [leadDeal] = await db
    .select({ companyName: vendorCompany.name, dealId: deal.id, accountNumber: deal.accountNumber })
    .from(deal)
    .leftJoin(vendorCompany, eq(vendorCompany.id, deal.vendorCompanyId))
    .where(and(eq(deal.referralLeadType, type as ReferralLeadType), eq(deal.referralLeadId, id)));
  const referral =
    leadDeal && leadDeal.companyName !== null ? { companyName: leadDeal.companyName, dealId: leadDeal.dealId } : null;
  const linkedIds = new Set(found.linked.map((lead) => lead.id));
  const byContact = (await relatedByContact(db, { id }, found.email, found.phone, now)).filter(
    (lead) => !linkedIds.has(lead.id),
  );
  return {
    ...found.detail,
    status: (handling?.status ?? "new") as LeadStatus,
    assignee:
      handling?.assigneeId && handling.assigneeEmail
        ? { id: handling.assigneeId, email: handling.assigneeEmail }
        : null,
    notes: handling?.notes ?? "",
    history: history.map((entry) => ({
      field: entry.field as LeadHistoryField,
      from: entry.from,
      to: entry.to,
      at: entry.at.toISOString(),
      actor: entry.actor,
    })),
    related: [...found.linked, ...byContact],
    referral: referral ? { ...referral, text: referredThrough(referral.companyName) } : null,
    directDeal:
      leadDeal && leadDeal.companyName === null ? { id: leadDeal.dealId, accountNumber: leadDeal.accountNumber } : null,
  } as LeadDetail;
}
