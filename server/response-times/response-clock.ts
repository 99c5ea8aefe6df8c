import { and, eq, isNull, sql } from "drizzle-orm";
import type { LeadType } from "#domain/leads/lead-inbox.ts";
import {
  businessHoursDueAt,
  leadSource,
  stipReviewMinutes,
  responseDueAt,
  type ResponsePromise,
  type ResponseSource,
} from "#domain/response-times/response-promise.ts";
import type { DbExecutor } from "../db/client.ts";
import { responseClock } from "./tables.ts";
import { loadWorkingCalendarFrom } from "../working-calendar/load-working-calendar.ts";

/** A lead's clock, before its id is known: stored by `storeLead` in the lead's own statement, due `minutes` into the credit team's hours. */
export type LeadClock = { source: ResponseSource; arrivedAt: Date; minutes: number; timeZone: string };

/*
 * A clock's arrival is this server's time, not the statement's now(): its due time is computed from
 * it here (the credit team's hours are a rule of domain/), so the two must be the same instant. The
 * row's created_at, the database's time, is a few milliseconds apart.
 */

/** The clock of a lead arriving now: its source (a calculator lead may come from a partner's page) and its promise. */
export function leadClock(promise: ResponsePromise, type: LeadType, fromPartner = false): LeadClock {
  return {
    source: leadSource(type, fromPartner),
    arrivedAt: new Date(),
    minutes: promise.leadMinutes,
    timeZone: promise.timeZone,
  };
}

/** When the first contact is due, on the credit team's calendar (the admins' changes read now: a later change leaves it as it is). */
export async function clockDueAt(db: DbExecutor, arrivedAt: Date, minutes: number, timeZone: string): Promise<Date> {
  return responseDueAt(arrivedAt, minutes, timeZone, await loadWorkingCalendarFrom(db, arrivedAt, timeZone));
}

/** Starts a deal's clock, in the transaction that stores the deal. */
export async function startDealClock(db: DbExecutor, promise: ResponsePromise, dealId: string) {
  const arrivedAt = new Date();
  const dueAt = await clockDueAt(db, arrivedAt, promise.dealMinutes, promise.timeZone);
  await db
    .insert(responseClock)
    .values({ subjectKind: "deal", subjectType: "deal", subjectId: dealId, source: "vendor-deal", arrivedAt, dueAt })
    .onConflictDoNothing();
}

/**
 * Stops the clock at the first contact (what counts: `domain/response-times/response-promise.ts`); later
 * contacts leave it as it is. `type` is the lead's type, "deal", or "stip" (its review).
 */
export async function recordFirstContact(
  db: DbExecutor,
  subject: { type: LeadType | "deal" | "stip"; id: string },
  by: string,
) {
  await db
    .update(responseClock)
    .set({ firstContactAt: sql`now()`, firstContactBy: by })
    .where(
      and(
        eq(responseClock.subjectType, subject.type),
        eq(responseClock.subjectId, subject.id),
        isNull(responseClock.firstContactAt),
      ),
    );
}

/**
 * Starts a received stip's review clock (docs/product-rules.md#r55-stipulations), due 4 of the
 * credit team's hours later. A stip received again after its review starts a new clock; more files
 * on a stip still waiting leave the running one as it is.
 */
export async function startStipReviewClock(
  db: DbExecutor,
  timeZone: string,
  stip: { id: string; from: "dealer" | "applicant" },
) {
  const arrivedAt = new Date();
  const calendar = await loadWorkingCalendarFrom(db, arrivedAt, timeZone);
  const dueAt = businessHoursDueAt(arrivedAt, stipReviewMinutes, timeZone, calendar);
  const source: ResponseSource = stip.from === "dealer" ? "stip-dealer" : "stip-applicant";
  await db
    .insert(responseClock)
    .values({ subjectKind: "stip", subjectType: "stip", subjectId: stip.id, source, arrivedAt, dueAt })
    .onConflictDoUpdate({
      target: [responseClock.subjectType, responseClock.subjectId],
      set: { source, arrivedAt, dueAt, firstContactAt: null, firstContactBy: null },
      setWhere: sql`${responseClock.firstContactAt} is not null`,
    });
}
