import { and, eq, gte, lte } from "drizzle-orm";
import {
  calendarYearsAhead,
  calendarYearsBack,
  type WorkingCalendarChange,
  type WorkingCalendarEntry,
} from "#domain/working-calendar/contracts.ts";
import { usFederalHolidays } from "#domain/site/federal-holidays.ts";
import { defaultDayOff } from "#domain/site/working-calendar.ts";
import type { Database } from "../db/client.ts";
import { user } from "../auth/tables.ts";
import { workingCalendarDay } from "./tables.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../audit/record-audit.ts";

type Actor = { id: string; ip: string };

function checkYear(year: number, thisYear: number) {
  if (year < thisYear - calendarYearsBack || year > thisYear + calendarYearsAhead) {
    throw new AppError(
      "VALIDATION_FAILED",
      `Choose a day from ${thisYear - calendarYearsBack} to ${thisYear + calendarYearsAhead}.`,
    );
  }
}

/** A year's days off by default (federal holidays observed that year) and every admin change in it, by day. */
export async function listWorkingCalendar(
  db: Database,
  year: number,
  thisYear: number,
): Promise<WorkingCalendarEntry[]> {
  checkYear(year, thisYear);
  const changes = await db
    .select({
      day: workingCalendarDay.day,
      closed: workingCalendarDay.closed,
      label: workingCalendarDay.label,
      changedBy: user.email,
      changedAt: workingCalendarDay.changedAt,
    })
    .from(workingCalendarDay)
    .innerJoin(user, eq(user.id, workingCalendarDay.changedByUserId))
    .where(and(gte(workingCalendarDay.day, `${year}-01-01`), lte(workingCalendarDay.day, `${year}-12-31`)));
  const entries = new Map<string, WorkingCalendarEntry>();
  for (const holiday of [...usFederalHolidays(year), ...usFederalHolidays(year + 1)].filter((each) =>
    each.day.startsWith(`${year}-`),
  )) {
    entries.set(holiday.day, {
      day: holiday.day,
      closed: true,
      label: holiday.name,
      defaultDayOff: holiday.name,
      changedBy: null,
      changedAt: null,
    });
  }
  for (const change of changes) {
    entries.set(change.day, {
      day: change.day,
      closed: change.closed,
      label: change.label,
      defaultDayOff: defaultDayOff(change.day),
      changedBy: change.changedBy,
      changedAt: change.changedAt.toISOString(),
    });
  }
  return [...entries.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/**
 * An admin makes a day a day off or a working day. A change that says what the default already
 * says is no change: the day's row is removed. Audited either way; a promise already running keeps
 * its due time.
 */
export async function setWorkingCalendarDay(
  db: Database,
  actor: Actor,
  day: string,
  change: WorkingCalendarChange,
  thisYear: number,
): Promise<WorkingCalendarEntry> {
  checkYear(Number(day.slice(0, 4)), thisYear);
  const byDefault = defaultDayOff(day);
  if (change.closed && change.label === "")
    throw new AppError("VALIDATION_FAILED", "Please say what the day off is.", [
      { path: "/label", message: "Please say what the day off is." },
    ]);
  const label = change.label || (change.closed ? "" : `Open on ${byDefault ?? "a working day"}`);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(workingCalendarDay).where(eq(workingCalendarDay.day, day)).for("update");
    if (change.closed === (byDefault !== null))
      await tx.delete(workingCalendarDay).where(eq(workingCalendarDay.day, day));
    else {
      const values = { closed: change.closed, label, changedByUserId: actor.id, changedAt: new Date() };
      await tx
        .insert(workingCalendarDay)
        .values({ day, ...values })
        .onConflictDoUpdate({ target: workingCalendarDay.day, set: values });
    }
    await recordAudit(tx, {
      action: "working-calendar.day-changed",
      actorUserId: actor.id,
      subject: day,
      ipAddress: actor.ip,
      details: { closed: change.closed, label, before: before ? { closed: before.closed, label: before.label } : null },
    });
    const [email] = await tx.select({ email: user.email }).from(user).where(eq(user.id, actor.id));
    const changed = change.closed !== (byDefault !== null);
    return {
      day,
      closed: change.closed,
      label: changed ? label : (byDefault ?? label),
      defaultDayOff: byDefault,
      changedBy: changed ? (email?.email ?? null) : null,
      changedAt: changed ? new Date().toISOString() : null,
    };
  });
}

/** Takes back an admin's change: the day follows the default calendar again (audited). */
export async function resetWorkingCalendarDay(db: Database, actor: Actor, day: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(workingCalendarDay).where(eq(workingCalendarDay.day, day)).returning();
    if (!removed) throw new AppError("NOT_FOUND", "That day has no change to take back.");
    await recordAudit(tx, {
      action: "working-calendar.day-reset",
      actorUserId: actor.id,
      subject: day,
      ipAddress: actor.ip,
      details: { closed: removed.closed, label: removed.label },
    });
  });
}
