import { sql } from "drizzle-orm";
import type { DeclineDue } from "#domain/adverse-action/contracts.ts";
import { noticeDaysLeft, noticeDueOn } from "#domain/adverse-action/notice-due.ts";
import { dayInTimeZone } from "#domain/site/business-time.ts";
import type { DbExecutor } from "../db/client.ts";

const limit = 500;

type Row = {
  type: "deal" | "credit-application";
  id: string;
  business_name: string;
  reference: string;
  completed_on: string;
  decided_on: string;
};

/**
 * Declined deals and applications whose notice has not been sent, the earliest due first: the
 * notice is due 30 days after the application was complete (the day staff recorded, else the day
 * it was received), whenever it was declined. A deal was declined on the day its history last
 * moved it to "Declined" (the day of its last update without one).
 */
export async function declinesDue(db: DbExecutor, timeZone: string, now = new Date()): Promise<DeclineDue[]> {
  const result = (await db.execute(sql`
    select type, id, business_name, reference, completed_on::text as completed_on, decided_on::text as decided_on from (
      select 'deal' as type, d.id, d.business_name, d.account_number as reference,
        coalesce(d.declined_completed_on, d.declined_received_on, (d.created_at at time zone ${timeZone})::date) as completed_on,
        (coalesce((select max(h.at) from deal_history h where h.deal_id = d.id and h.field = 'stage' and h.to_value = '0'), d.last_update) at time zone ${timeZone})::date as decided_on
      from deal d where d.stage = 0 and d.declined_notice_sent_on is null
      union all
      select 'credit-application', a.id, a.business_name, '', coalesce(a.completed_on, d.received_on), d.decided_on
      from credit_application_decision d join credit_application a on a.id = d.application_id
      where d.decision = 'declined' and d.notice_sent_on is null
    ) due order by completed_on, business_name, id limit ${limit}`)) as unknown as { rows: Row[] };
  const today = dayInTimeZone(now, timeZone);
  return result.rows.map((row) => ({
    type: row.type,
    id: row.id,
    businessName: row.business_name,
    reference: row.reference,
    completedOn: row.completed_on,
    decidedOn: row.decided_on,
    dueOn: noticeDueOn(row.completed_on),
    daysLeft: noticeDaysLeft(row.completed_on, today),
  }));
}
