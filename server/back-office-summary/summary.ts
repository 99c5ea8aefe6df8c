import { sql } from "drizzle-orm";
import type { BackOfficeSummary } from "#domain/back-office-summary/contracts.ts";
import { newDealStage } from "#domain/deals/stages.ts";
import { startOfBusinessDay } from "#domain/site/business-day.ts";
import type { Database } from "../db/client.ts";
import { allLeads } from "../response-times/all-leads.ts";

/**
 * The back-office home's five numbers, in one round trip, all in SQL:
 * - new leads today: created since midnight in the business time zone (each lead table's
 *   `*_created_idx` on created_at);
 * - overdue leads: not contacted yet and past their due time (`response_clock`: the promise runs in
 *   the credit team's hours, the inbox's `isOverdue` rule; the partial index response_clock_waiting_idx);
 * - deals awaiting an answer: stage 1 (App In, `newDealStage`) with no history row (no change by the
 *   credit team) and no staff message (deal_stage_idx, then deal_history_deal_idx and
 *   deal_message_deal_idx per deal);
 * - vendor messages unanswered: deals whose last message is the vendor's, kept on the deal as
 *   awaiting_reply_since (the deal list's "Waiting for us"; the partial index deal_awaiting_reply_idx);
 * - stips to review: received and not reviewed yet (the partial index deal_stip_to_review_idx).
 */
export async function backOfficeSummary(db: Database, now: Date, timeZone: string): Promise<BackOfficeSummary> {
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
  const midnight = startOfBusinessDay(today, timeZone);
  const result = (await db.execute(sql`
    select
      (select count(*) from (${allLeads}) l where l.created_at >= ${midnight}) as new_leads_today,
      (select count(*) from response_clock c
        where c.subject_kind = 'lead' and c.first_contact_at is null and c.due_at < ${now}) as overdue_leads,
      (select count(*) from deal d
        where d.stage = ${newDealStage}
          and not exists (select 1 from deal_history h where h.deal_id = d.id)
          and not exists (select 1 from deal_message m where m.deal_id = d.id and m.author_role = 'staff')) as deals_awaiting_answer,
      (select count(*) from deal d where d.awaiting_reply_since is not null) as vendor_messages_unanswered,
      (select count(*) from deal_stip s where s.status = 'received') as stips_to_review`)) as unknown as {
    rows: {
      new_leads_today: string | number;
      overdue_leads: string | number;
      deals_awaiting_answer: string | number;
      vendor_messages_unanswered: string | number;
      stips_to_review: string | number;
    }[];
  };
  const row = result.rows[0]!;
  return {
    newLeadsToday: Number(row.new_leads_today),
    overdueLeads: Number(row.overdue_leads),
    dealsAwaitingAnswer: Number(row.deals_awaiting_answer),
    vendorMessagesUnanswered: Number(row.vendor_messages_unanswered),
    stipsToReview: Number(row.stips_to_review),
  };
}
