import { sql } from "drizzle-orm";
import type { DeclineDue } from "#domain/api/back-office-adverse-action.ts";
import { noticeDaysLeft, noticeDueOn } from "#domain/adverse-action/reasons.ts";
import { dayInTimeZone } from "#domain/site/business-time.ts";
import type { DbExecutor } from "../../db/client.ts";

const limit = 500;

type Row = { type: "deal" | "credit-application"; id: string; business_name: string; reference: string; decided_on: string };

/**
 * Declined deals and applications whose notice has not been sent, the most urgent first: the
 * earliest decision has the fewest of its 30 days left. A deal without a "completed" date is
 * taken as decided on the day of its last update (as its notice page shows).
 */
export async function declinesDue(db: DbExecutor, timeZone: string, now = new Date()): Promise<DeclineDue[]> {
  const result = (await db.execute(sql`
    select type, id, business_name, reference, decided_on::text as decided_on from (
      select 'deal' as type, id, business_name, account_number as reference,
        coalesce(declined_completed_on, (last_update at time zone ${timeZone})::date) as decided_on
      from deal where stage = 0 and declined_notice_sent_on is null
      union all
      select 'credit-application', a.id, a.business_name, '', d.decided_on
      from credit_application_decision d join credit_application a on a.id = d.application_id
      where d.decision = 'declined' and d.notice_sent_on is null
    ) due order by decided_on, business_name, id limit ${limit}`)) as unknown as { rows: Row[] };
  const today = dayInTimeZone(now, timeZone);
  return result.rows.map((row) => ({
    type: row.type,
    id: row.id,
    businessName: row.business_name,
    reference: row.reference,
    decidedOn: row.decided_on,
    dueOn: noticeDueOn(row.decided_on),
    daysLeft: noticeDaysLeft(row.decided_on, today),
  }));
}
