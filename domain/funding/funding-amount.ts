import { formatUsd } from "../pricing/money-format.ts";

/** What a funding is computed from, in cents (docs/product-rules.md#r58-verification-and-funding). */
export type FundingInputs = {
  /** The approved amount: what the customer finances, the base of the dealer's points. */
  amountFinancedCents: number;
  equipmentCostCents: number;
  /** The down payment the dealer collected from the customer. */
  downPaymentCents: number;
  feesCents: number;
  /** The dealer's earnings on the deal when the company is paid with funding; 0 when monthly. */
  earningsCents: number;
};

export type FundingLine = { label: string; cents: number; sign: "+" | "-" | "=" };

/** The amount to the dealer: equipment cost less the down payment it collected, less fees, plus earnings paid with funding. */
export function fundingAmountCents(inputs: FundingInputs): number {
  return inputs.equipmentCostCents - inputs.downPaymentCents - inputs.feesCents + inputs.earningsCents;
}

/** The funding line by line, as staff check it and the dealer reads it. */
export function fundingLines(inputs: FundingInputs): FundingLine[] {
  const lines: FundingLine[] = [
    { label: "Equipment cost", cents: inputs.equipmentCostCents, sign: "+" },
    { label: "Down payment collected by the dealer", cents: inputs.downPaymentCents, sign: "-" },
    { label: "Fees", cents: inputs.feesCents, sign: "-" },
  ];
  if (inputs.earningsCents > 0)
    lines.push({ label: "Dealer earnings paid with funding", cents: inputs.earningsCents, sign: "+" });
  lines.push({ label: "Amount to the dealer", cents: fundingAmountCents(inputs), sign: "=" });
  return lines;
}

export const fundingLineText = (line: FundingLine) =>
  `${line.sign === "=" ? "" : `${line.sign} `}${formatUsd(line.cents / 100)}`;

/** Why these amounts cannot be funded, or null. */
export function fundingAmountProblem(inputs: FundingInputs): string | null {
  const values = Object.values(inputs);
  if (values.some((value) => !Number.isSafeInteger(value) || value < 0))
    return "The amounts must be whole cents, none below $0.";
  if (inputs.equipmentCostCents === 0) return "The deal has no equipment cost: set it before funding.";
  if (inputs.downPaymentCents + inputs.feesCents > inputs.equipmentCostCents)
    return "The down payment and fees are more than the equipment cost: check the approval.";
  if (fundingAmountCents(inputs) <= 0) return "The amount to the dealer must be more than $0.";
  return null;
}

/** Dollars with cents as stored on the deal (numeric(14,2)) to integer cents, without float drift. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
