import { and, eq, sql } from "drizzle-orm";
import type { LeadType } from "#domain/leads/lead-inbox.ts";
import { responseDueAt, type ResponsePromise } from "#domain/response-times/response-promise.ts";
import type { Database } from "../db/client.ts";
import { dealHistory, dealMessage } from "../deals/tables.ts";
import { responseClock } from "../response-times/tables.ts";

/**
 * A backdated lead's or retimed deal's promise clock follows it: arrival and due time, and a
 * deal's first contact from its retimed history and staff messages.
 */
export async function retimeClock(
  db: Database,
  promise: ResponsePromise,
  subject: { type: LeadType | "deal"; id: string },
  arrivedAt: Date,
) {
  const minutes = subject.type === "deal" ? promise.dealMinutes : promise.leadMinutes;
  const firstDealContact = sql`(select min(e.at) from (select h.at from ${dealHistory} h where h.deal_id = ${subject.id}
    union all select m.created_at from ${dealMessage} m where m.deal_id = ${subject.id} and m.author_role = 'staff') e)`;
  await db
    .update(responseClock)
    .set({
      arrivedAt,
      dueAt: responseDueAt(arrivedAt, minutes, promise.timeZone),
      ...(subject.type === "deal" ? { firstContactAt: firstDealContact } : {}),
    })
    .where(and(eq(responseClock.subjectType, subject.type), eq(responseClock.subjectId, subject.id)));
}
