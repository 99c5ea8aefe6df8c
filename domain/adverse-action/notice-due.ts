import { addCalendarDays } from "../site/business-day.ts";

/**
 * 12 CFR 1002.9(a)(1)(i): the applicant is notified of the action taken within 30 days after the
 * creditor receives a completed application; counted in calendar days from the day it was complete.
 */
export const noticeDeadlineDays = 30;

const dayMs = 24 * 60 * 60 * 1000;
const dayNumber = (isoDate: string) => Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / dayMs);

/** The date (YYYY-MM-DD) by which the notice is due: 30 calendar days after the application was complete. */
export function noticeDueOn(completedOn: string): string {
  return addCalendarDays(completedOn, noticeDeadlineDays);
}

/** Days left to send the notice on `today` (the business time zone's day): 0 is the last day, negative is overdue. */
export function noticeDaysLeft(completedOn: string, today: string): number {
  return dayNumber(noticeDueOn(completedOn)) - dayNumber(today);
}

/**
 * Why a day cannot be the day the application was complete: not before it was received (the
 * deadline could then be moved earlier than the law's), not after today. Null when it can.
 */
export function completedOnProblem(completedOn: string, receivedOn: string, today: string): string | null {
  if (completedOn < receivedOn) return `The application cannot be complete before it was received (${receivedOn}).`;
  if (completedOn > today) return "The application cannot be complete on a day still to come.";
  return null;
}
