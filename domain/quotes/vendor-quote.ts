/** A quote's link works this many days after it was (re)sent (docs/product-rules.md#r20-quotes-to-customers). */
export const QUOTE_LIFETIME_DAYS = 30;
/** Quote mails (sends and resends) a company may send per hour: enough for a sales desk, not for a mailing list. */
export const QUOTE_SENDS_PER_HOUR = 30;
/** Quote mails (sends and resends) one company may send one address per hour. */
export const QUOTE_MAILS_PER_RECIPIENT_PER_HOUR = 5;
/** Resends of one quote. */
export const QUOTE_MAX_RESENDS = 5;

export const quoteStatuses = ["sent", "opened", "applied", "expired", "withdrawn"] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

export const quoteStatusLabels: Record<QuoteStatus, string> = {
  sent: "Sent",
  opened: "Opened link",
  applied: "Applied",
  expired: "Expired",
  withdrawn: "Withdrawn",
};

export interface QuoteState {
  readonly withdrawn: boolean;
  readonly openedAt: Date | null;
  readonly appliedAt: Date | null;
  readonly expiresAt: Date;
}

/** What the vendor's list shows: withdrawn and applied are final; then expired, opened, sent. */
export function quoteStatus(quote: QuoteState, now: Date): QuoteStatus {
  if (quote.withdrawn) return "withdrawn";
  if (quote.appliedAt) return "applied";
  if (now.getTime() >= quote.expiresAt.getTime()) return "expired";
  if (quote.openedAt) return "opened";
  return "sent";
}

/** Whether the customer's link still pre-fills an application. */
export function quoteLinkUsable(quote: QuoteState, now: Date): boolean {
  const status = quoteStatus(quote, now);
  return status === "sent" || status === "opened";
}

/** Resend is offered until the quote is withdrawn or applied for (an expired quote gets a new 30 days). */
export function canResend(quote: QuoteState, resentCount: number): boolean {
  return !quote.withdrawn && !quote.appliedAt && resentCount < QUOTE_MAX_RESENDS;
}

export function quoteExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + QUOTE_LIFETIME_DAYS * 24 * 60 * 60 * 1000);
}
