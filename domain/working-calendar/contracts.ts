import * as z from "zod/mini";
import { calendarDay } from "../forms/date-range.ts";
import { endpoint } from "../http/endpoint.ts";

/** How far from this year admins may change the calendar: the table stays a few thousand rows at most. */
export const calendarYearsBack = 1;
export const calendarYearsAhead = 5;

export const workingCalendarYearQuery = z.object({
  year: z.optional(z.string().check(z.regex(/^\d{4}$/, "Please give a year as four digits."))),
});

/** A day off or a changed day of the credit team's calendar, as the admin screen lists it. */
export const workingCalendarEntry = z.object({
  day: z.string(),
  /** The day is off (no promise runs, "Credit Offline"). */
  closed: z.boolean(),
  /** The holiday's name, or the admin's words. */
  label: z.string(),
  /** What the default calendar says: a federal holiday's name, "Weekend", or null for a working day. */
  defaultDayOff: z.nullable(z.string()),
  /** Null for a federal holiday as the default has it. */
  changedBy: z.nullable(z.string()),
  changedAt: z.nullable(z.string()),
});

export type WorkingCalendarEntry = z.infer<typeof workingCalendarEntry>;

export const workingCalendarDayParams = z.object({ day: calendarDay() });

/** An admin's change of one day: off (with what it is, e.g. "Day after Thanksgiving") or worked. */
export const workingCalendarChange = z.object({
  closed: z.boolean(),
  label: z.string().check(z.trim(), z.maxLength(80, "Please use at most 80 characters.")),
});

export type WorkingCalendarChange = z.infer<typeof workingCalendarChange>;

const adminErrors = ["FORBIDDEN", "TWO_FACTOR_REQUIRED"] as const;

export const listWorkingCalendar = endpoint({
  method: "GET",
  path: "/api/back-office/working-calendar",
  audience: "admin",
  summary: "The credit team's calendar of a year: the federal holidays and the admins' changes (admins)",
  tags: ["back office"],
  query: workingCalendarYearQuery,
  responses: { 200: z.object({ year: z.number(), days: z.array(workingCalendarEntry) }) },
  errors: [...adminErrors],
});

export const setWorkingCalendarDay = endpoint({
  method: "PUT",
  path: "/api/back-office/working-calendar/:day",
  audience: "admin",
  summary: "Make a day a day off or a working day for the credit team (admins, audited)",
  tags: ["back office"],
  params: workingCalendarDayParams,
  body: workingCalendarChange,
  responses: { 200: workingCalendarEntry },
  errors: [...adminErrors],
});

export const resetWorkingCalendarDay = endpoint({
  method: "DELETE",
  path: "/api/back-office/working-calendar/:day",
  audience: "admin",
  summary: "Take back an admin's change of a day: it follows the default calendar again (admins, audited)",
  tags: ["back office"],
  params: workingCalendarDayParams,
  responses: { 200: z.object({ ok: z.literal(true) }) },
  errors: [...adminErrors, "NOT_FOUND"],
});

export const getCreditStatus = endpoint({
  method: "GET",
  path: "/api/portal/credit-status",
  audience: "vendor",
  summary: "Whether the credit team is online now: before 15:00 on a working day of its calendar",
  tags: ["portal"],
  responses: { 200: z.object({ online: z.boolean() }) },
  errors: ["FORBIDDEN"],
});

/** The admin screen's form: a day, off or worked, and what it is (needed for a day off). */
export const workingCalendarForm = z
  .object({
    day: calendarDay(),
    status: z.enum(["off", "working"]),
    label: z.string().check(z.trim(), z.maxLength(80, "Please use at most 80 characters.")),
  })
  .check(
    z.refine((value) => value.status === "working" || value.label !== "", {
      error: "Please say what the day off is.",
      path: ["label"],
    }),
  );
