import { and, eq, isNull, sql } from "drizzle-orm";
import type { LeadType } from "#domain/leads/lead-inbox.ts";
import { leadSource, responseDueAt, type ResponsePromise, type ResponseSource } from "#domain/leads/response-promise.ts";
import type { DbExecutor } from "../../db/client.ts";
import { responseClock } from "../../db/schema.ts";

/** A lead's clock, before its id is known: stored by `storeLead` in the lead's own statement. */
export type LeadClock = { source: ResponseSource; dueAt: Date };

/** The clock of a lead arriving now: its source (a calculator lead may come from a partner's page) and when the first contact is due. */
export function leadClock(promise: ResponsePromise, type: LeadType, fromPartner = false): LeadClock {
  return { source: leadSource(type, fromPartner), dueAt: responseDueAt(new Date(), promise.leadMinutes, promise.timeZone) };
}

/**
 * Starts a deal's clock, in the transaction that stores the deal: it arrives at the transaction's
 * time, the deal's `created_at` (times here are the database's, as the rows' own defaults are).
 */
export async function startDealClock(db: DbExecutor, promise: ResponsePromise, dealId: string) {
  await db
    .insert(responseClock)
    .values({ subjectKind: "deal", subjectType: "deal", subjectId: dealId, source: "vendor-deal", arrivedAt: sql`now()`, dueAt: responseDueAt(new Date(), promise.dealMinutes, promise.timeZone) })
    .onConflictDoNothing();
}

/**
 * Stops the clock at the first contact (what counts: `domain/leads/response-promise.ts`); later
 * contacts leave it as it is. `type` is the lead's type, or "deal".
 */
export async function recordFirstContact(db: DbExecutor, subject: { type: LeadType | "deal"; id: string }, by: string) {
  await db
    .update(responseClock)
    .set({ firstContactAt: sql`now()`, firstContactBy: by })
    .where(and(eq(responseClock.subjectType, subject.type), eq(responseClock.subjectId, subject.id), isNull(responseClock.firstContactAt)));
}
