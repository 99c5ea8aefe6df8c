import { calculatorQuote, CALCULATOR_TERMS, type CalculatorTerm } from "./calculator-quote.ts";
import { CREDIT_SCORE_BUTTONS } from "./credit-score-buttons.ts";

/**
 * Vendor quotes and the dealer widget price a bare price with the calculator's own rules
 * (calculatorQuote): the customer's answers are not known yet, so a credit tier stands for a
 * score and the rest is an established business buying again (no young-business or first-time
 * down payment, no young credit). Every figure is an estimate (docs/product-rules.md#r10-estimates-are-labelled).
 */

/** The deal credit tiers (domain/deals/stages.ts) a vendor may pick for a quote, best first. */
export const quoteTiers = [3, 2, 1] as const;
export type QuoteTier = (typeof quoteTiers)[number];

const buttonScore = (label: string) => CREDIT_SCORE_BUTTONS.find((button) => button.label === label)!.score;

/** The calculator score each tier is priced at: the score of the calculator's button for that range. */
export const quoteTierCreditScore: Record<QuoteTier, number> = {
  3: buttonScore("750 or more"),
  2: buttonScore("640-700"),
  1: buttonScore("Under 580"),
};

/** Without a tier a quote is priced at the best one. */
export const DEFAULT_QUOTE_TIER: QuoteTier = 3;

/** "Established": more than the calculator's 36 months that force a 40% down payment. */
export const ESTABLISHED_BUSINESS_YEARS = 5;

export interface QuoteTermPayment {
  readonly term: CalculatorTerm;
  /** The calculator card's low payment, in dollars rounded to cents. */
  readonly payment: number;
}

export interface VendorQuotePricing {
  readonly tier: QuoteTier;
  readonly annualRate: number;
  readonly downPaymentPercent: number;
  readonly downPaymentAmount: number;
  /** One per calculator term, in CALCULATOR_TERMS order. */
  readonly terms: readonly QuoteTermPayment[];
}

/** The four terms of a price at a tier (the best one when null). Throws a ZodError for a price the calculator refuses. */
export function priceVendorQuote(price: number, tier: QuoteTier | null, currentYear: number): VendorQuotePricing {
  const chosen = tier ?? DEFAULT_QUOTE_TIER;
  const quote = calculatorQuote({
    price,
    creditScore: quoteTierCreditScore[chosen],
    oldestDebtUnderFiveYears: false,
    bankruptcy: false,
    firstTimeBuyer: false,
    businessStartYear: currentYear - ESTABLISHED_BUSINESS_YEARS,
    monthlyEarnings: 0,
    currentYear,
  });
  return {
    tier: chosen,
    annualRate: quote.annualRate,
    downPaymentPercent: quote.downPayment.percent,
    downPaymentAmount: quote.downPaymentAmount,
    terms: quote.cards.map((card) => ({ term: card.term, payment: card.payment.low })),
  };
}

export interface AsLowAs {
  /** Monthly, in dollars rounded to cents. */
  readonly payment: number;
  readonly term: CalculatorTerm;
  readonly annualRate: number;
}

/** "As low as $X/mo": the best tier's payment over the longest term. */
export function asLowAs(price: number, currentYear: number): AsLowAs {
  const best = priceVendorQuote(price, DEFAULT_QUOTE_TIER, currentYear);
  const longest = CALCULATOR_TERMS[CALCULATOR_TERMS.length - 1];
  const card = best.terms.find((entry) => entry.term === longest)!;
  return { payment: card.payment, term: card.term, annualRate: best.annualRate };
}
