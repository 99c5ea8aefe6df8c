import { formatUsd } from "../pricing/money-format.ts";
import { industries, labelOf, fundingPrograms, type FundingProgram, type Industry } from "./funder-terms.ts";

/** A funder's published criteria; null or an empty list: no limit. Amounts in cents. */
export type FunderCriteria = {
  programs: readonly FundingProgram[];
  minCreditScore: number | null;
  minMonthsInBusiness: number | null;
  minAmountCents: number | null;
  maxAmountCents: number | null;
  industries: readonly Industry[];
  states: readonly string[];
};

/** What is known of a deal when it is sent; null where nobody told us. */
export type DealFacts = {
  program: FundingProgram;
  amountCents: number;
  creditScore: number | null;
  monthsInBusiness: number | null;
  industry: Industry | null;
  state: string | null;
};

export type FunderFit = {
  /** Every known fact meets the criteria. */
  fits: boolean;
  /** Why it does not fit, in words staff can act on. */
  misses: string[];
  /** Criteria the deal's facts cannot be checked against yet. */
  unknown: string[];
};

const dollars = (cents: number) => formatUsd(cents / 100);

/**
 * Whether a deal meets a funder's published criteria (docs/product-rules.md#r54-the-funder-network):
 * the product suggests the funders that fit and says why the others do not. A criterion the deal's
 * facts cannot answer never rules a funder out: it is named, for staff to check.
 */
export function funderFit(criteria: FunderCriteria, deal: DealFacts): FunderFit {
  const misses: string[] = [];
  const unknown: string[] = [];
  if (criteria.programs.length > 0 && !criteria.programs.includes(deal.program))
    misses.push(`Does not take ${labelOf(fundingPrograms, deal.program).toLowerCase()}`);
  if (criteria.minAmountCents !== null && deal.amountCents < criteria.minAmountCents)
    misses.push(`Amount ${dollars(deal.amountCents)} is below its minimum of ${dollars(criteria.minAmountCents)}`);
  if (criteria.maxAmountCents !== null && deal.amountCents > criteria.maxAmountCents)
    misses.push(`Amount ${dollars(deal.amountCents)} is above its maximum of ${dollars(criteria.maxAmountCents)}`);
  if (criteria.minCreditScore !== null) {
    if (deal.creditScore === null) unknown.push(`credit score (needs ${criteria.minCreditScore})`);
    else if (deal.creditScore < criteria.minCreditScore)
      misses.push(`Credit score ${deal.creditScore} is below its minimum of ${criteria.minCreditScore}`);
  }
  if (criteria.minMonthsInBusiness !== null) {
    if (deal.monthsInBusiness === null) unknown.push(`time in business (needs ${criteria.minMonthsInBusiness} months)`);
    else if (deal.monthsInBusiness < criteria.minMonthsInBusiness)
      misses.push(`${deal.monthsInBusiness} months in business, below its minimum of ${criteria.minMonthsInBusiness}`);
  }
  if (criteria.industries.length > 0) {
    if (deal.industry === null) unknown.push("industry");
    else if (!criteria.industries.includes(deal.industry))
      misses.push(`Does not finance ${labelOf(industries, deal.industry).toLowerCase()}`);
  }
  if (criteria.states.length > 0) {
    if (deal.state === null) unknown.push("state");
    else if (!criteria.states.includes(deal.state)) misses.push(`Does not lend in ${deal.state}`);
  }
  return { fits: misses.length === 0, misses, unknown };
}

/** Whole months from the day a business started to `today` (both "YYYY-MM-DD"); null when not known. */
export function monthsBetween(started: string | null, today: string): number | null {
  if (!started) return null;
  const [y1, m1, d1] = started.split("-").map(Number) as [number, number, number];
  const [y2, m2, d2] = today.split("-").map(Number) as [number, number, number];
  const months = (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
  return Math.max(0, months);
}

/** What a deal finances, in cents: the equipment's cost less the down payment (dollars as the deal stores them), never below zero. */
export const financedCents = (costOfEquipment: number, downPayment: number) =>
  Math.max(0, Math.round((costOfEquipment - downPayment) * 100));
