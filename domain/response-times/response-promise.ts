import { creditOnlineUntilHour } from "../deals/business-month.ts";
import { addCalendarDays, businessWallTime } from "../site/business-day.ts";
import { formatBusinessDateTime } from "../site/business-time.ts";
import type { LeadStatus, LeadType } from "../leads/lead-inbox.ts";
import { dateTimeFormat } from "../site/date-time-format.ts";
import { isWorkingDay, type WorkingCalendar } from "../site/working-calendar.ts";

/**
 * The promise of a call (docs/product-rules.md#r2-the-promise-of-a-call): "within 30 minutes" of a lead
 * (`brand.claims.leadCallbackMinutes`),
 * "within 30-60 minutes" of a vendor's new deal, counted in the credit team's hours only: from
 * opening until "Credit Online" ends at 15:00 (`creditOnlineUntilHour`) in the business time zone,
 * on the credit team's working days (`domain/site/working-calendar.ts`: Monday to Friday less the
 * federal holidays, with the admins' changes). The spec names no opening hour; we chose 09:00.
 */
export const creditOpensAtHour = 9;

/** Vendors are told "we will reach out within 30-60 minutes": a deal's promise is kept within the outer 60. */
export const dealCallbackMinutes = 60;

/** What the server needs to start a clock: the zone and each kind's minutes. */
export type ResponsePromise = { timeZone: string; leadMinutes: number; dealMinutes: number };

/** Stips received are reviewed "within 4 business hours" (docs/product-rules.md#r55-stipulations). */
export const stipReviewMinutes = 240;

/** The promise in the words the dealer, the applicant and the credit team read: "4 business hours". */
export const stipReviewHours = `${stipReviewMinutes / 60} business hours`;

export const responseSubjectKinds = ["lead", "deal", "stip"] as const;
export type ResponseSubjectKind = (typeof responseSubjectKinds)[number];

/** Where a lead or deal came from; adding one (e.g. a vendor's link) is one line here and one label. */
export const responseSources = [
  "questionnaire",
  "calculator",
  "partner-link",
  "credit-application",
  "contact-form",
  "vendor-deal",
  "stip-dealer",
  "stip-applicant",
] as const;
export type ResponseSource = (typeof responseSources)[number];

export const responseSourceLabels: Record<ResponseSource, string> = {
  questionnaire: "Questionnaire",
  calculator: "Calculator",
  "partner-link": "Partner link",
  "credit-application": "Credit application",
  "contact-form": "Contact forms",
  "vendor-deal": "Vendor deal",
  "stip-dealer": "Stips from dealers",
  "stip-applicant": "Stips from applicants",
};

/** A lead's source: a picked option comes from the questionnaire; a calculator lead from a partner's page is the partner's. */
export function leadSource(type: LeadType, fromPartner = false): ResponseSource {
  switch (type) {
    case "questionnaire":
    case "picked-option":
      return "questionnaire";
    case "calculator":
      return fromPartner ? "partner-link" : "calculator";
    case "credit-application":
      return "credit-application";
    case "vendor-contact":
    case "footer-message":
      return "contact-form";
  }
}

/**
 * What counts as the first contact. A lead: the credit team first sets its status off "new"
 * (contacted, or closed without a call). A deal: the credit team's first saved change (stage,
 * notes, amounts...) or first message in its thread. Assigning a lead or writing a note is not contact.
 */
export const countsAsLeadContact = (status: LeadStatus) => status !== "new";

function localDayAndMinute(instant: Date, timeZone: string): { day: string; minute: number } {
  const parts = dateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(instant);
  const part = (type: string) => parts.find((each) => each.type === type)!.value;
  return {
    day: `${part("year")}-${part("month")}-${part("day")}`,
    minute: Number(part("hour")) * 60 + Number(part("minute")),
  };
}

/**
 * When the promise starts to run for something arriving at `arrivedAt`: at once during the credit
 * team's hours; before opening on a working day, at that day's opening; after 15:00, on a weekend
 * or a day off, at the next working day's opening.
 */
export function promiseClockStart(arrivedAt: Date, timeZone: string, calendar: WorkingCalendar = {}): Date {
  const { day, minute } = localDayAndMinute(arrivedAt, timeZone);
  if (isWorkingDay(day, calendar) && minute < creditOnlineUntilHour * 60) {
    return minute >= creditOpensAtHour * 60 ? arrivedAt : businessWallTime(day, creditOpensAtHour, timeZone);
  }
  let next = addCalendarDays(day, 1);
  while (!isWorkingDay(next, calendar)) next = addCalendarDays(next, 1);
  return businessWallTime(next, creditOpensAtHour, timeZone);
}

/** When the first contact is due: the promised minutes after the promise starts to run. */
export function responseDueAt(
  arrivedAt: Date,
  promisedMinutes: number,
  timeZone: string,
  calendar: WorkingCalendar = {},
): Date {
  return new Date(promiseClockStart(arrivedAt, timeZone, calendar).getTime() + promisedMinutes * 60_000);
}

/** "Credit Online" (docs/product-rules.md#r3-the-working-calendar): before 15:00 in the business time zone on a working day. */
export function isCreditOnline(now: Date, timeZone: string, calendar: WorkingCalendar = {}): boolean {
  const { day, minute } = localDayAndMinute(now, timeZone);
  return isWorkingDay(day, calendar) && minute < creditOnlineUntilHour * 60;
}

/** For something that arrived outside the credit team's hours, what the board and the inbox say: "After hours: due Mar 4, 2026, 9:30 AM PST". */
export function afterHoursNote(arrivedAt: Date, dueAt: Date, promisedMinutes: number, timeZone: string): string | null {
  if (dueAt.getTime() - arrivedAt.getTime() <= promisedMinutes * 60_000) return null;
  return `After hours: due ${formatBusinessDateTime(dueAt, timeZone)}`;
}

/**
 * When something promised within `minutes` of the credit team's hours is due, the hours running
 * across days: 4 business hours from 14:00 are 1 hour that day and 3 the next working day's morning.
 */
export function businessHoursDueAt(
  arrivedAt: Date,
  minutes: number,
  timeZone: string,
  calendar: WorkingCalendar = {},
): Date {
  // Counted in whole minutes: a receipt at 11:00:30 is due at 15:00, not a millisecond into the next day.
  const minute = 60_000;
  let start = new Date(Math.floor(promiseClockStart(arrivedAt, timeZone, calendar).getTime() / minute) * minute);
  let left = minutes * minute;
  for (;;) {
    const { day } = localDayAndMinute(start, timeZone);
    const closing = businessWallTime(day, creditOnlineUntilHour, timeZone).getTime();
    if (start.getTime() + left <= closing) return new Date(start.getTime() + left);
    left -= closing - start.getTime();
    start = promiseClockStart(new Date(closing), timeZone, calendar);
  }
}
