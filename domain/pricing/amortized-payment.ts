export const MONTHS_PER_YEAR = 12;

/**
 * The standard amortised monthly payment `P*r/(1-(1+r)^-n)` with `r = annual rate / 12`
 * (docs/product-rules.md#r7-one-pricing-module), unrounded: round only for display and storage.
 * A rate of 0 pays the principal off in equal parts, P/n.
 */
export function amortizedPayment(principal: number, annualRatePercent: number, months: number): number {
  if (!Number.isFinite(principal) || principal < 0) {
    throw new RangeError(`principal must be a finite amount >= 0, got ${principal}`);
  }
  if (!Number.isFinite(annualRatePercent) || annualRatePercent < 0) {
    throw new RangeError(`annualRatePercent must be a finite rate >= 0, got ${annualRatePercent}`);
  }
  if (!Number.isSafeInteger(months) || months < 1) {
    throw new RangeError(`months must be a whole number >= 1, got ${months}`);
  }
  const r = annualRatePercent / MONTHS_PER_YEAR / 100;
  if (r === 0) return principal / months;
  // 1-(1+r)^-n written with expm1/log1p: the same value, but it keeps its precision when r is
  // tiny, where the literal form cancels to 0 and the payment would blow up to Infinity.
  return (principal * r) / -Math.expm1(-months * Math.log1p(r));
}

/**
 * Rounds to cents, half away from zero (1.005 -> 1.01, -1.005 -> -1.01).
 * `x * 100` is first trimmed to 15 significant digits so that binary noise such as
 * 1.005 * 100 = 100.49999999999999 rounds as the decimal the user sees.
 */
export function roundCents(x: number): number {
  if (!Number.isFinite(x)) throw new RangeError(`cannot round ${x} to cents`);
  const cents = Math.round(Number((Math.abs(x) * 100).toPrecision(15)));
  const rounded = (Math.sign(x) * cents) / 100;
  return rounded === 0 ? 0 : rounded; // never -0
}
