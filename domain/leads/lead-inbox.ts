import { responseDueAt } from "./response-promise.ts";

export const leadTypes = ["questionnaire", "picked-option", "credit-application", "calculator", "vendor-contact", "footer-message"] as const;
export type LeadType = (typeof leadTypes)[number];

export const leadTypeLabels: Record<LeadType, string> = {
  questionnaire: "Pre-qualification",
  "picked-option": "Picked option",
  "credit-application": "Credit application",
  calculator: "Calculator",
  "vendor-contact": "Vendor sign-up request",
  "footer-message": "Website message",
};

/** The inbox shortens a lead's title (a footer message's text) to about this many characters, at a word. */
export const INBOX_TITLE_LENGTH = 120;

export const leadStatuses = ["new", "contacted", "closed"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/**
 * A new lead not contacted within the promised time (the site promises 30 minutes) stands out; the
 * promise runs in the credit team's hours only, so a lead arriving after 15:00 is due the next
 * business morning (`responseDueAt`).
 */
export function isOverdue(createdAt: Date, status: LeadStatus, now: Date, promisedMinutes: number, timeZone: string): boolean {
  return status === "new" && now.getTime() > responseDueAt(createdAt, promisedMinutes, timeZone).getTime();
}
