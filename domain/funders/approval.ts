import { addCalendarDays } from "../site/business-day.ts";

/** Days an approval lasts when its funder gave no date (docs/product-rules.md#r54-the-funder-network). */
export const defaultApprovalDays = 30;

/**
 * The day a presented approval expires (docs/product-rules.md#r54-the-funder-network): the funder's
 * date, or 30 days after the day it was presented ("YYYY-MM-DD", business time zone).
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
