import { addCalendarDays } from "../site/business-day.ts";
import { formatCalendarDate } from "../site/business-time.ts";
import { defaultDayOff } from "../site/working-calendar.ts";

// The payout batch's rules (docs/product-rules.md#r60-payout-batches): file id modifiers, trace numbers,
// the effective entry date, why a funding is held, and money in cents as the screens and mails write it.

/** A day's files: A to Z, then 0 to 9 (the NACHA file id modifier). */
export const fileIdModifiers = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"] as const;

/** The next file id modifier of a day after those already used; null when the day's 36 are gone. */
export function nextFileIdModifier(used: readonly string[]): string | null {
  const taken = new Set(used);
  return fileIdModifiers.find((modifier) => !taken.has(modifier)) ?? null;
}

/** A trace number: the ODFI's 8 digits and a 7-digit sequence. */
export function traceNumber(odfiRouting: string, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > 9_999_999)
    throw new RangeError("The trace sequence is 1 to 9,999,999.");
  return `${odfiRouting.slice(0, 8)}${String(sequence).padStart(7, "0")}`;
}

/** The sequence of a trace number of this ODFI, or 0 for another ODFI's. */
export function traceSequence(odfiRouting: string, trace: string): number {
  return /^\d{15}$/.test(trace) && trace.startsWith(odfiRouting.slice(0, 8)) ? Number(trace.slice(8)) : 0;
}

/**
 * The highest trace sequence of this ODFI in a file we built (its entry records, the offset debit
 * included, which has no payout entry of its own): where the next file's sequence starts after.
 */
export function lastTraceSequenceInFile(odfiRouting: string, fileText: string): number {
  let last = 0;
  for (const record of fileText.split("\r\n"))
    if (record.startsWith("6") && record.length === 94)
      last = Math.max(last, traceSequence(odfiRouting, record.slice(79)));
  return last;
}

/**
 * The effective entry date of a batch built on `day`: the next banking day, Monday to Friday less
 * the federal holidays. The Federal Reserve's calendar, not the credit team's: a Saturday staff work
 * is no settlement day, and a day they close still is.
 */
export function effectiveEntryDate(day: string): string {
  let next = addCalendarDays(day, 1);
  while (defaultDayOff(next) !== null) next = addCalendarDays(next, 1);
  return next;
}

/** Why an approved funding is not in the batch being built. */
export type HoldReason =
  | { kind: "no-account" }
  | { kind: "cooling-off"; until: string }
  | { kind: "returned"; returnCode: string; accountLast4: string }
  | { kind: "direct-deal" };

/** The words staff and dealers read for a hold. */
export function holdReasonText(reason: HoldReason): string {
  switch (reason.kind) {
    case "no-account":
      return "No payout account";
    case "cooling-off":
      return `Payouts held until ${formatCalendarDate(reason.until)} after an account change`;
    case "returned":
      return `Returned (${reason.returnCode}) by the account ${maskedAccount(reason.accountLast4)}: waiting for a new payout account`;
    case "direct-deal":
      return "A direct deal: no dealer company to pay";
  }
}

/** An account number as anyone may read it: its last four only. */
export function maskedAccount(last4: string): string {
  return `••••${last4}`;
}

/** Cents as dollars, by integers only: 123456 -> "$1,234.56". */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError("Cents are a whole number.");
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(cents);
  const dollars = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}$${dollars}.${String(absolute % 100).padStart(2, "0")}`;
}

/** What the dealers' banks print beside the credit. */
export const payoutEntryDescription = "DEALER PAY";
