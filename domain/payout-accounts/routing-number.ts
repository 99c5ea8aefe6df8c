// The ABA routing number's checks (docs/product-rules.md#r59-payout-accounts): nine digits, the 3-7-1
// weighted check digit, and a first two digits in a range the Federal Reserve assigns. They catch a
// mistyped digit or two swapped ones before a payout goes to a bank that does not exist.

/** The weight of each of the nine digits, in order. */
const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

/** Nine digits and nothing else. */
export const routingNumberPattern = /^\d{9}$/;

/** The weighted sum of nine digits (3, 7, 1, repeated): a valid routing number's is a multiple of 10. */
export function routingWeightedSum(digits: string): number {
  let sum = 0;
  for (let index = 0; index < 9; index += 1) sum += Number(digits[index]) * weights[index]!;
  return sum;
}

/**
 * Whether the first two digits fall in a range of the Federal Reserve's: 00-12 (banks, 00 the US
 * government), 21-32 (thrifts), 61-72 (electronic transactions) or 80 (traveler's checks).
 */
export function routingPrefixAssigned(digits: string): boolean {
  const prefix = Number(digits.slice(0, 2));
  return prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
}

/** A routing number a payout can go to: nine digits, an assigned prefix and a right check digit. */
export function isValidRoutingNumber(text: string): boolean {
  return routingNumberPattern.test(text) && routingPrefixAssigned(text) && routingWeightedSum(text) % 10 === 0;
}

/** The check digit (the ninth) that makes the first eight a valid routing number's. */
export function routingCheckDigit(firstEight: string): number {
  return (10 - (routingWeightedSum(`${firstEight}0`) % 10)) % 10;
}
