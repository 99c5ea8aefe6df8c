import { addCalendarDays } from "../site/business-day.ts";
import { formatCalendarDate } from "../site/business-time.ts";
import { isWorkingDay, type WorkingCalendar } from "../site/working-calendar.ts";

/** Days an approval lasts when its funder gave no date (docs/product-rules.md#r54-the-funder-network). */
export const defaultApprovalDays = 30;

/**
 * The day a presented approval expires (docs/product-rules.md#r54-the-funder-network): the funder's
 * date, or 30 days after the day it was presented ("YYYY-MM-DD", business time zone). A renewal
 * reads the same: the date the funder gave, or 30 days from the day it was renewed.
 */
export function approvalExpiresOn(funderDate: string | null, presentedOn: string): string {
  return funderDate ?? addCalendarDays(presentedOn, defaultApprovalDays);
}

/** The stage a presented approval moves a deal to: a new or declined deal becomes Approved (2); a later stage stays (undefined). */
export const stageOnceApproved = (stage: number): number | undefined => (stage === 0 || stage === 1 ? 2 : undefined);

/** Whole days left until an approval expires (0 on its last day, negative once it has expired). */
export function daysUntil(expiresOn: string, today: string): number {
  return Math.round((Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** An approval holds through the day it expires on and has expired from the day after. */
export const isApprovalExpired = (expiresOn: string, today: string): boolean => today > expiresOn;

/** The stages that need a live approval: Docs Out, Docs In & Review, Verbal and Funded (declining or closing a deal never does). */
export const documentStages: readonly number[] = [3, 4, 5, 6];

/**
 * Why a deal may not move to `toStage` with its approval (docs/product-rules.md#r54-the-funder-network),
 * or null when it may: an expired approval goes to documents only once staff renew it. A deal
 * without an approval is not held by this rule.
 */
export function expiredApprovalProblem(
  approval: { expiresOn: string } | null,
  toStage: number,
  today: string,
): string | null {
  if (!approval || !documentStages.includes(toStage) || !isApprovalExpired(approval.expiresOn, today)) return null;
  return `The approval expired on ${formatCalendarDate(approval.expiresOn)}: renew it before documents.`;
}

/** Why a renewal's date cannot be used, or null: an approval is renewed to a day after today. */
export function renewalDateProblem(expiresOn: string, today: string): string | null {
  return expiresOn > today ? null : "Choose a day after today for the approval to expire.";
}

/** Business days before an approval expires that the dealer is reminded (docs/product-rules.md#r54-the-funder-network). */
export const approvalReminderBusinessDays = 5;

/**
 * The day the dealer is reminded of an approval expiring on `expiresOn`: the 5th working day of the
 * credit team's calendar (docs/product-rules.md#r3-the-working-calendar) before it.
 */
export function approvalReminderDueOn(expiresOn: string, calendar: WorkingCalendar = {}): string {
  let day = expiresOn;
  for (let counted = 0; counted < approvalReminderBusinessDays;) {
    day = addCalendarDays(day, -1);
    if (isWorkingDay(day, calendar)) counted += 1;
  }
  return day;
}

/** How far ahead an approval may expire and still be "expiring" (5 working days are never more than this many calendar days). */
export const expiringLookAheadDays = 31;

/**
 * The last expiry day that is "expiring" today: an approval expiring from today through this day
 * is within its 5 business days (its reminder is due on or before today) and has not expired.
 * The reminder sweep and the dealer's dashboard both read it.
 */
export function expiringThrough(today: string, calendar: WorkingCalendar = {}): string {
  let last = addCalendarDays(today, -1);
  for (let offset = 0; offset <= expiringLookAheadDays; offset += 1) {
    const expiresOn = addCalendarDays(today, offset);
    if (approvalReminderDueOn(expiresOn, calendar) <= today) last = expiresOn;
  }
  return last;
}

/** A submission's latest answer, as the all-declined rule reads it. */
type LatestAnswer = { decision: string; declineReasons: readonly string[] } | undefined;

/**
 * When every funder a deal was sent to declined it (each submission's latest answer is "declined",
 * and there is at least one), the union of their reason codes, sorted; otherwise null
 * (docs/product-rules.md#r54-the-funder-network).
 */
export function everyFunderDeclined(latestAnswers: readonly LatestAnswer[]): string[] | null {
  if (latestAnswers.length === 0 || latestAnswers.some((answer) => answer?.decision !== "declined")) return null;
  return [...new Set(latestAnswers.flatMap((answer) => answer!.declineReasons))].sort();
}
