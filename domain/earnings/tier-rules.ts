import type { EarningsEntryKind } from "./earnings-shapes.ts";

/** A volume tier (docs/product-rules.md#r61-dealer-earnings): from `minVolumeCents` up, `pointsBasisPoints` (100 = 1.00%). */
export type EarningsTier = { label: string; minVolumeCents: number; pointsBasisPoints: number };

export const maxTiers = 6;
/** 10.00%: points above it are a typing mistake, not a program. */
export const maxPointsBasisPoints = 1000;

/** The tier a dealer is in at a trailing funded volume: the highest whose floor the volume reaches. */
export function tierForVolume(tiers: readonly EarningsTier[], volumeCents: number): EarningsTier {
  const sorted = [...tiers].sort((a, b) => a.minVolumeCents - b.minVolumeCents);
  let found = sorted[0]!;
  for (const tier of sorted) if (volumeCents >= tier.minVolumeCents) found = tier;
  return found;
}

/** The next tier up and the volume still needed to reach it; null in the top tier. */
export function nextTier(
  tiers: readonly EarningsTier[],
  volumeCents: number,
): { tier: EarningsTier; volumeNeededCents: number } | null {
  const above = [...tiers]
    .sort((a, b) => a.minVolumeCents - b.minVolumeCents)
    .find((tier) => tier.minVolumeCents > volumeCents);
  return above ? { tier: above, volumeNeededCents: above.minVolumeCents - volumeCents } : null;
}

/** Points on an amount financed, in whole cents, half a cent rounded up (integer arithmetic only). */
export function earningsOnAmount(amountFinancedCents: number, pointsBasisPoints: number): number {
  return Math.floor((amountFinancedCents * pointsBasisPoints + 5_000) / 10_000);
}

/**
 * A deal's earnings: its tier is chosen by the trailing funded volume including the deal itself
 * (the deal that crosses a floor earns the higher points).
 */
export function earningsForDeal(
  tiers: readonly EarningsTier[],
  trailingVolumeBeforeCents: number,
  amountFinancedCents: number,
): { tier: EarningsTier; trailingVolumeCents: number; earningsCents: number } {
  const trailingVolumeCents = trailingVolumeBeforeCents + amountFinancedCents;
  const tier = tierForVolume(tiers, trailingVolumeCents);
  return { tier, trailingVolumeCents, earningsCents: earningsOnAmount(amountFinancedCents, tier.pointsBasisPoints) };
}

/** What the company is owed on its ledger: accrued less paid less clawed back (negative: it owes). */
export function earningsBalance(entries: readonly { kind: EarningsEntryKind; amountCents: number }[]): number {
  let balance = 0;
  for (const entry of entries) balance += entry.kind === "accrued" ? entry.amountCents : -entry.amountCents;
  return balance;
}

/**
 * The earnings paid with a funding (a company paid with funding): the deal's earnings, plus what the
 * company is owed that no funding carries yet (earnings accrued while it was paid monthly), or less
 * what it owes from earlier clawbacks; never below zero. `availableBeforeCents` is the ledger's
 * balance less the earnings inside approved fundings not paid yet.
 */
export function earningsPaidWithFunding(dealEarningsCents: number, availableBeforeCents: number): number {
  return Math.max(0, dealEarningsCents + availableBeforeCents);
}

/** Whether a cancelled deal's earnings are clawed back: cancelled within the window after it funded. */
export function clawedBack(fundedOn: string, cancelledOn: string, clawbackDays: number): boolean {
  const days = (Date.parse(`${cancelledOn}T00:00:00Z`) - Date.parse(`${fundedOn}T00:00:00Z`)) / 86_400_000;
  return days >= 0 && days <= clawbackDays;
}

/** A set of tiers admins may save, or what is wrong with it. */
export function tiersProblem(tiers: readonly EarningsTier[]): string | null {
  if (tiers.length === 0) return "Keep at least one tier.";
  if (tiers.length > maxTiers) return `At most ${maxTiers} tiers.`;
  if (tiers[0]!.minVolumeCents !== 0) return "The first tier starts at $0.";
  for (let index = 1; index < tiers.length; index += 1) {
    if (tiers[index]!.minVolumeCents <= tiers[index - 1]!.minVolumeCents)
      return "Each tier starts above the one before it.";
    if (tiers[index]!.pointsBasisPoints < tiers[index - 1]!.pointsBasisPoints)
      return "A higher tier never pays fewer points.";
  }
  const labels = new Set(tiers.map((tier) => tier.label.trim().toLowerCase()));
  if (labels.size !== tiers.length) return "Give each tier its own name.";
  return null;
}
