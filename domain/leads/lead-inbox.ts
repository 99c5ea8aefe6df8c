export const leadTypes = [
  "questionnaire",
  "picked-option",
  "credit-application",
  "calculator",
  "vendor-contact",
  "footer-message",
] as const;
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
 * A new lead not contacted by its due time stands out. The promise (30 minutes) runs in the credit
 * team's hours only, so a lead arriving after 15:00 is due the next working morning: `dueAt` is
 * its clock's (`responseDueAt` on the calendar as it was when the lead arrived).
 */
export function isOverdue(dueAt: Date, status: LeadStatus, now: Date): boolean {
  return status === "new" && now.getTime() > dueAt.getTime();
}
