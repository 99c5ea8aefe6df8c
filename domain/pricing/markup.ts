import { firstMatchingTier, type TierTable } from "./tiers.ts";

/**
 * Markup added to the financed amount, in percent. The same thresholds are read against the
 * landing questionnaire's months-in-business code and against the calculator's term in months.
 */
export const MARKUP_PERCENT_TIERS: TierTable<number> = [
  { upTo: 24, value: 15 },
  { upTo: 36, value: 8 },
  { upTo: 60, value: 4 },
  { upTo: Infinity, value: 3 },
];

export function markupPercent(months: number): number {
  return firstMatchingTier(MARKUP_PERCENT_TIERS, months);
}

/** `amount x (1 + markup%)`, unrounded. */
export function withMarkup(amount: number, months: number): number {
  return (amount * (100 + markupPercent(months))) / 100;
}
