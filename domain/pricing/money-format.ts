import { roundCents } from "./amortized-payment.ts";

const usdNumber = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/** Thousands separators and exactly two decimals, no currency sign: 1234.5 -> "1,234.50". */
export function formatAmount(amount: number): string {
  // Round first so that the half-away-from-zero rule of roundCents decides, not Intl's.
  return usdNumber.format(roundCents(amount));
}

/** Dollars with thousands separators and two decimals: 1234 -> "$1,234.00", -5 -> "-$5.00". */
export function formatUsd(amount: number): string {
  const rounded = roundCents(amount);
  return rounded < 0 ? `-$${formatAmount(-rounded)}` : `$${formatAmount(rounded)}`;
}

/** The landing questionnaire reformats money fields only from this amount up (docs/product-rules.md#r52-forms-check-what-the-spec-checks). */
export const LANDING_MONEY_REFORMAT_FROM = 1_000;

const MONEY_TEXT = /^\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*$/;

/**
 * Reads a typed dollar amount: digits with optional thousands commas, optional cents, an
 * optional leading "$" ("1234", "1,234.5", "$ 1,234.00"). Anything else gives undefined.
 */
export function parseMoney(text: string): number | undefined {
  const match = MONEY_TEXT.exec(text);
  if (!match) return undefined;
  const whole = match[1]!.replaceAll(",", "");
  return Number(match[2] === undefined ? whole : `${whole}.${match[2]}`);
}

/**
 * The landing questionnaire's money display: amounts of 1,000 or more become "$ 1,234.00";
 * smaller amounts and text that is not an amount are left as typed
 * (docs/product-rules.md#r52-forms-check-what-the-spec-checks).
 */
export function formatLandingMoneyInput(typed: string): string {
  const amount = parseMoney(typed);
  if (amount === undefined || amount < LANDING_MONEY_REFORMAT_FROM) return typed;
  return `$ ${formatAmount(amount)}`;
}
