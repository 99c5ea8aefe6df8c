/**
 * The ACH return codes staff record against a payout entry (docs/product-rules.md#r60-payout-batches):
 * the ones a credit to a business account comes back with, in the NACHA words.
 */
export const returnCodes = ["R01", "R02", "R03", "R04", "R16", "R20", "R29"] as const;
export type ReturnCode = (typeof returnCodes)[number];

export const returnCodeLabels: Record<ReturnCode, string> = {
  R01: "Insufficient funds",
  R02: "Account closed",
  R03: "No account/unable to locate account",
  R04: "Invalid account number",
  R16: "Account frozen",
  R20: "Non-transaction account",
  R29: "Corporate customer advises not authorized",
};

/** "R03 No account/unable to locate account". */
export function returnCodeText(code: string): string {
  const label = returnCodeLabels[code as ReturnCode];
  return label ? `${code} ${label}` : code;
}
