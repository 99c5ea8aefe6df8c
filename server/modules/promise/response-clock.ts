import { and, eq, isNull, sql } from "drizzle-orm";
import type { LeadType } from "#domain/leads/lead-inbox.ts";
import { leadSource, responseDueAt, type ResponsePromise, type ResponseSource } from "#domain/leads/response-promise.ts";
import type { DbExecutor } from "../../db/client.ts";
import { responseClock } from "../../db/schema.ts";

/** A lead's clock, before its id is known: stored by `storeLead` in the lead's own statement. */
export type LeadClock = { source: ResponseSource; arrivedAt: Date; dueAt: Date };

/*
 * A clock's arrival is this server's time, not the statement's now(): its due time is computed from
 * it here (the credit team's hours are a rule of domain/), so the two must be the same instant. The
 * row's created_at, the database's time, is a few milliseconds apart.
 */

/** The clock of a lead arriving now: its source (a calculator lead may come from a partner's page) and when the first contact is due. */
export function leadClock(promise: ResponsePromise, type: LeadType, fromPartner = false): LeadClock {
  const arrivedAt = new Date();
  return { source: leadSource(type, fromPartner), arrivedAt, dueAt: responseDueAt(arrivedAt, promise.leadMinutes, promise.timeZone) };
}

/** Starts a deal's clock, in the transaction that stores the deal. */
export async function startDealClock(db: DbExecutor, promise: ResponsePromise, dealId: string) {
  const arrivedAt = new Date();
  await db
    .insert(responseClock)
    .values({ subjectKind: "deal", subjectType: "deal", subjectId: dealId, source: "vendor-deal", arrivedAt, dueAt: responseDueAt(arrivedAt, promise.dealMinutes, promise.timeZone) })
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
