import * as z from "zod/mini";
import { amortizedPayment, MONTHS_PER_YEAR, roundCents } from "./amortized-payment.ts";
import { markupPercent, withMarkup } from "./markup.ts";
import { formatUsd } from "./money-format.ts";
import {
  BUSINESS_STARTS_IN_FUTURE_MESSAGE,
  CREDIT_SCORE_MAX,
  CREDIT_SCORE_MIN,
  amountSchema,
  startsNoLaterThanCurrentYear,
  yearSchema,
} from "./quote-inputs.ts";
import { firstMatchingTier, type TierTable } from "./tiers.ts";

/** Annual rate in percent by credit score (docs/product-rules.md#r9-calculator-pricing). */
export const CALCULATOR_RATE_TIERS: TierTable<number> = [
  { upTo: 580, value: 35 },
  { upTo: 620, value: 30 },
  { upTo: 640, value: 25 },
  { upTo: 670, value: 18 },
  { upTo: 700, value: 15 },
  { upTo: 729, value: 12 },
  { upTo: CREDIT_SCORE_MAX, value: 9 },
];

/** With a young credit history (oldest debt under 5 years) the rate of this score applies. */
export const YOUNG_CREDIT_RATE_SCORE = 600;

export function calculatorAnnualRate(creditScore: number, oldestDebtUnderFiveYears: boolean): number {
  return firstMatchingTier(CALCULATOR_RATE_TIERS, oldestDebtUnderFiveYears ? YOUNG_CREDIT_RATE_SCORE : creditScore);
}

export function calculatorMonthsInBusiness(businessStartYear: number, currentYear: number): number {
  return (currentYear - businessStartYear) * MONTHS_PER_YEAR;
}

export const CALCULATOR_TERMS = [24, 36, 48, 60] as const;
export type CalculatorTerm = (typeof CALCULATOR_TERMS)[number];

/** Rule 1: a rate at or above this ... */
export const DOWN_PAYMENT_HIGH_RATE_FROM_PERCENT = 25;
/** ... or this many months in business or fewer: 40% down. */
export const DOWN_PAYMENT_YOUNG_BUSINESS_UP_TO_MONTHS = 36;
/** The score rules 2 to 4 compare against. */
export const DOWN_PAYMENT_SCORE_THRESHOLD = 650;
export const DOWN_PAYMENT_PERCENT_HIGH_RATE_OR_YOUNG_BUSINESS = 40;
export const DOWN_PAYMENT_PERCENT_FIRST_TIME_GOOD_SCORE = 15;
export const DOWN_PAYMENT_PERCENT_RETURNING_LOW_SCORE = 40;
export const DOWN_PAYMENT_PERCENT_FIRST_TIME_LOW_SCORE = 50;
export const DOWN_PAYMENT_PERCENT_OTHERWISE = 0;

export interface DownPaymentFacts {
  /** Annual rate in percent, after the young-credit rule. */
  readonly annualRate: number;
  readonly monthsInBusiness: number;
  readonly firstTimeBuyer: boolean;
  readonly creditScore: number;
}

export interface DownPayment {
  /** Which of the five down-payment rules (docs/product-rules.md#r9-calculator-pricing) decided, 1-based. */
  readonly rule: 1 | 2 | 3 | 4 | 5;
  readonly percent: number;
}

/** The first rule that holds wins. */
export function calculatorDownPayment(facts: DownPaymentFacts): DownPayment {
  const { annualRate, monthsInBusiness, firstTimeBuyer, creditScore } = facts;
  if (
    annualRate >= DOWN_PAYMENT_HIGH_RATE_FROM_PERCENT ||
    monthsInBusiness <= DOWN_PAYMENT_YOUNG_BUSINESS_UP_TO_MONTHS
  ) {
    return { rule: 1, percent: DOWN_PAYMENT_PERCENT_HIGH_RATE_OR_YOUNG_BUSINESS };
  }
  if (firstTimeBuyer && creditScore >= DOWN_PAYMENT_SCORE_THRESHOLD) {
    return { rule: 2, percent: DOWN_PAYMENT_PERCENT_FIRST_TIME_GOOD_SCORE };
  }
  if (!firstTimeBuyer && creditScore <= DOWN_PAYMENT_SCORE_THRESHOLD) {
    return { rule: 3, percent: DOWN_PAYMENT_PERCENT_RETURNING_LOW_SCORE };
  }
  if (firstTimeBuyer && creditScore < DOWN_PAYMENT_SCORE_THRESHOLD) {
    return { rule: 4, percent: DOWN_PAYMENT_PERCENT_FIRST_TIME_LOW_SCORE };
  }
  return { rule: 5, percent: DOWN_PAYMENT_PERCENT_OTHERWISE };
}

/** A card's payment range runs from the payment to the payment times this. */
export const PAYMENT_RANGE_HIGH_FACTOR = 1.09;
/** A card's rate band runs from the rate to the rate plus this many percentage points. */
export const RATE_BAND_WIDTH_PERCENT = 5;
/** Below this rate a card advertises its payment; above it, it warns. */
export const CARD_NOTE_RATE_THRESHOLD_PERCENT = 20;
/** Average earnings = this + monthly earnings x term. */
export const AVERAGE_EARNINGS_BASE = 5_000;

export const DEPENDS_ON_BANK_STATEMENTS = "Depends on Bank Statements";
export const EARLY_PAYOFF_NOTE = "Early-payoff discount may be available";
export const LIMITED_CREDIT_NOTE_TERM = 48;
export const LIMITED_CREDIT_NOTE = "Based on limited credit profile, you may not be eligible for this option";
export const LOW_CREDIT_NOTE_TERM = 60;
export const LOW_CREDIT_NOTE = "Based on low credit, you may not be eligible for this option";

/** "only $1,234.56 in 24 months". */
export function lowPaymentNote(paymentLow: number, term: number): string {
  return `only ${formatUsd(paymentLow)} in ${term} months`;
}

/**
 * The notes a card shows, in display order.
 * - rate < 20: the low-payment note.
 * - rate > 20: the early-payoff note, and on the 48- and 60-month cards the eligibility
 *   warning as well (the rulings join them with "and", so the warning adds, not replaces).
 * - rate exactly 20: no note. The rulings state none, and neither text fits a rate on the
 *   boundary; a card without a note still shows its range, band and bank-statements line.
 *   The current rate table never yields 20 (it jumps from 18 to 25), so this is a guard only.
 */
export function cardNotes(annualRate: number, term: number, paymentLow: number): readonly string[] {
  if (annualRate < CARD_NOTE_RATE_THRESHOLD_PERCENT) return [lowPaymentNote(paymentLow, term)];
  if (annualRate === CARD_NOTE_RATE_THRESHOLD_PERCENT) return [];
  if (term === LIMITED_CREDIT_NOTE_TERM) return [EARLY_PAYOFF_NOTE, LIMITED_CREDIT_NOTE];
  if (term === LOW_CREDIT_NOTE_TERM) return [EARLY_PAYOFF_NOTE, LOW_CREDIT_NOTE];
  return [EARLY_PAYOFF_NOTE];
}

/**
 * The calculator's answers pricing depends on. `currentYear` is passed in (the business time
 * zone's year) so the module stays pure; the server recomputes with its own.
 */
/** The answers the calculator prices; the quote endpoint takes exactly these. */
export const calculatorAnswerShape = {
  price: amountSchema.check(z.positive()),
  creditScore: z.int().check(z.minimum(CREDIT_SCORE_MIN), z.maximum(CREDIT_SCORE_MAX)),
  oldestDebtUnderFiveYears: z.boolean(),
  /** Recorded with the lead; changes no number (docs/product-rules.md#r9-calculator-pricing). */
  bankruptcy: z.boolean(),
  firstTimeBuyer: z.boolean(),
  businessStartYear: yearSchema,
  monthlyEarnings: amountSchema.check(z.nonnegative()),
};

export const calculatorQuoteInputSchema = z
  .object({ ...calculatorAnswerShape, currentYear: yearSchema })
  .check(
    z.refine(startsNoLaterThanCurrentYear, { error: BUSINESS_STARTS_IN_FUTURE_MESSAGE, path: ["businessStartYear"] }),
  );

export type CalculatorQuoteInput = z.infer<typeof calculatorQuoteInputSchema>;

/** Amounts are rounded to cents; they are computed from unrounded values. */
export interface CalculatorCard {
  readonly term: CalculatorTerm;
  readonly markupPercent: number;
  /** Financed base plus the term's markup. */
  readonly principal: number;
  readonly payment: { readonly low: number; readonly high: number };
  /** Annual rate band in percent. */
  readonly rate: { readonly low: number; readonly high: number };
  readonly bankStatements: typeof DEPENDS_ON_BANK_STATEMENTS;
  readonly notes: readonly string[];
  readonly averageEarnings: number;
}

export interface CalculatorQuote {
  /** Annual rate in percent, after the young-credit rule. */
  readonly annualRate: number;
  readonly monthsInBusiness: number;
  readonly downPayment: DownPayment;
  /** price x down%, in cents. */
  readonly downPaymentAmount: number;
  /** price x (1 - down%), in cents. */
  readonly financedBase: number;
  /** One card per term, in CALCULATOR_TERMS order. */
  readonly cards: readonly CalculatorCard[];
}

/** Throws a ZodError when the input would have been refused by the calculator. */
export function calculatorQuote(input: CalculatorQuoteInput): CalculatorQuote {
  const answers = calculatorQuoteInputSchema.parse(input);
  const annualRate = calculatorAnnualRate(answers.creditScore, answers.oldestDebtUnderFiveYears);
  const monthsInBusiness = calculatorMonthsInBusiness(answers.businessStartYear, answers.currentYear);
  const downPayment = calculatorDownPayment({
    annualRate,
    monthsInBusiness,
    firstTimeBuyer: answers.firstTimeBuyer,
    creditScore: answers.creditScore,
  });
  const financedBase = (answers.price * (100 - downPayment.percent)) / 100;

  const cards = CALCULATOR_TERMS.map((term): CalculatorCard => {
    const principal = withMarkup(financedBase, term);
    const payment = amortizedPayment(principal, annualRate, term);
    const low = roundCents(payment);
    return {
      term,
      markupPercent: markupPercent(term),
      principal: roundCents(principal),
      payment: { low, high: roundCents(payment * PAYMENT_RANGE_HIGH_FACTOR) },
      rate: { low: annualRate, high: annualRate + RATE_BAND_WIDTH_PERCENT },
      bankStatements: DEPENDS_ON_BANK_STATEMENTS,
      notes: cardNotes(annualRate, term, low),
      averageEarnings: roundCents(AVERAGE_EARNINGS_BASE + answers.monthlyEarnings * term),
    };
  });

  return {
    annualRate,
    monthsInBusiness,
    downPayment,
    downPaymentAmount: roundCents((answers.price * downPayment.percent) / 100),
    financedBase: roundCents(financedBase),
    cards,
  };
}
