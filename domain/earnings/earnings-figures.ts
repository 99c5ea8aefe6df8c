import { formatUsd } from "../pricing/money-format.ts";

// How earnings' figures are typed and shown (docs/product-rules.md#r61-dealer-earnings): money is
// integer cents and points are basis points (150 = 1.50%) everywhere; text only at the edges.

/** The largest tier floor an admin may type: $1,000,000,000. */
export const maxTierFloorCents = 100_000_000_000;

/** The deal the Earnings screen and the resources page price the next tier on: $50,000. */
export const exampleDealCents = 5_000_000;

/** Cents as dollars for a screen: 150000 -> "$1,500.00" (formatUsd, from cents). */
export function formatCents(cents: number): string {
  return formatUsd(cents / 100);
}

/** Basis points as a percent with two decimals: 150 -> "1.50%" (integer arithmetic only). */
export function formatPoints(basisPoints: number): string {
  return `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, "0")}%`;
}

/** Cents as plain dollars for a CSV cell: 150000 -> "1500.00", -5 -> "-0.05". */
export function plainDollars(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const magnitude = Math.abs(cents);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, "0")}`;
}

/** Cents as an admin types them: whole dollars with thousands separators, cents only when there are some. */
export function dollarsText(cents: number): string {
  const whole = Math.floor(cents / 100).toLocaleString("en-US");
  return cents % 100 === 0 ? whole : `${whole}.${String(cents % 100).padStart(2, "0")}`;
}

/** Basis points as an admin types them: 150 -> "1.50". */
export function pointsText(basisPoints: number): string {
  return formatPoints(basisPoints).slice(0, -1);
}

const dollarsPattern = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;
const percentPattern = /^(\d{1,2})(?:\.(\d{1,2}))?\s*%?$/;

/** A typed dollar amount ("250,000", "$1,000,000.50") in cents, read from its digits (no floating point); undefined if it is not one. */
export function parseDollarsToCents(text: string): number | undefined {
  const match = dollarsPattern.exec(text.trim());
  if (!match) return undefined;
  const cents = Number(match[1]!.replaceAll(",", "")) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/** A typed percent with at most two decimals ("1.5", "1.50%", "2") in basis points; undefined if it is not one. */
export function parsePercentToBasisPoints(text: string): number | undefined {
  const match = percentPattern.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** A business month "2026-03" in words: "March 2026". */
export function monthLabel(month: string): string {
  const [year, number] = month.split("-").map(Number);
  const name = new Date(Date.UTC(year!, number! - 1, 1)).toLocaleString("en-US", { month: "long", timeZone: "UTC" });
  return `${name} ${year}`;
}
