/** One row of a tier table: the row holds for every value `<= upTo`. */
export interface Tier<T> {
  readonly upTo: number;
  readonly value: T;
}

export type TierTable<T> = readonly Tier<T>[];

/**
 * Reads a tier table top-down and returns the value of the first row whose upper bound holds
 * (docs/product-rules.md#r7-one-pricing-module), so with rows `<= 580`, `<= 620` a score of 600 gets the `<= 620` row.
 * Throws a RangeError when no row holds (above the last bound, or NaN): such an input was
 * meant to be refused by validation before it reached pricing.
 */
export function firstMatchingTier<T>(table: TierTable<T>, value: number): T {
  for (const row of table) {
    if (value <= row.upTo) return row.value;
  }
  throw new RangeError(`No tier holds for ${value}`);
}
