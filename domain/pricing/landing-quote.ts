import * as z from "zod/mini";
import { amortizedPayment, roundCents } from "./amortized-payment.ts";
import { markupPercent, withMarkup } from "./markup.ts";
import {
  BUSINESS_STARTS_IN_FUTURE_MESSAGE,
  CREDIT_SCORE_MAX,
  amountSchema,
  startsNoLaterThanCurrentYear,
  yearSchema,
} from "./quote-inputs.ts";
import { firstMatchingTier, type TierTable } from "./tiers.ts";

/** Annual rate in percent by credit score (docs/product-rules.md#r8-questionnaire-pricing). */
export const LANDING_RATE_TIERS: TierTable<number> = [
  { upTo: 580, value: 25 },
  { upTo: 620, value: 18 },
  { upTo: 640, value: 16 },
  { upTo: 670, value: 12 },
  { upTo: 700, value: 9 },
  { upTo: 729, value: 8 },
  { upTo: CREDIT_SCORE_MAX, value: 6 },
];

/** Scores at or below this are refused by validation. */
export const LANDING_CREDIT_SCORE_REFUSED_AT_OR_BELOW = 540;
export const LANDING_CREDIT_SCORE_TOO_LOW_MESSAGE = "Credit needs to be higher than 540";

export const landingCreditScoreSchema = z
  .int()
  .check(
    z.gt(LANDING_CREDIT_SCORE_REFUSED_AT_OR_BELOW, LANDING_CREDIT_SCORE_TOO_LOW_MESSAGE),
    z.maximum(CREDIT_SCORE_MAX),
  );

export function isLandingCreditScoreAccepted(score: number): boolean {
  return landingCreditScoreSchema.safeParse(score).success;
}

export function landingAnnualRate(creditScore: number): number {
  return firstMatchingTier(LANDING_RATE_TIERS, creditScore);
}

/** Business-start year options run from the current year back this many years (inclusive). */
export const LANDING_BUSINESS_START_YEARS_BACK = 25;

export type LandingMonthsInBusiness = 0 | 12 | 24 | 48 | 60 | 72;

/**
 * Each start-year option is coded as months in business by how many years ago it is. The
 * codes are the spec's (3 years ago is 48, not 36), kept as they are.
 */
export const LANDING_MONTHS_IN_BUSINESS_BY_YEARS_AGO: TierTable<LandingMonthsInBusiness> = [
  { upTo: 0, value: 0 },
  { upTo: 1, value: 12 },
  { upTo: 2, value: 24 },
  { upTo: 3, value: 48 },
  { upTo: 4, value: 60 },
  { upTo: Infinity, value: 72 },
];

export function landingMonthsInBusiness(businessStartYear: number, currentYear: number): LandingMonthsInBusiness {
  const yearsAgo = currentYear - businessStartYear;
  if (!Number.isSafeInteger(yearsAgo) || yearsAgo < 0) {
    throw new RangeError(`no start-year option for ${businessStartYear} in ${currentYear}`);
  }
  return firstMatchingTier(LANDING_MONTHS_IN_BUSINESS_BY_YEARS_AGO, yearsAgo);
}

export interface LandingBusinessStartYearOption {
  readonly year: number;
  readonly monthsInBusiness: LandingMonthsInBusiness;
}

/** Newest first: the current year, then each year back to `currentYear - 25`. */
export function landingBusinessStartYearOptions(currentYear: number): readonly LandingBusinessStartYearOption[] {
  return Array.from({ length: LANDING_BUSINESS_START_YEARS_BACK + 1 }, (_, yearsAgo) => ({
    year: currentYear - yearsAgo,
    monthsInBusiness: landingMonthsInBusiness(currentYear - yearsAgo, currentYear),
  }));
}

/** Terms the visitor may pick as the desired term. */
export const LANDING_TERMS = [12, 24, 36, 48, 60] as const;
export type LandingTerm = (typeof LANDING_TERMS)[number];
/** Terms the results and the financing-options screen always show. */
export const LANDING_PAYMENT_TERMS = [24, 36, 48, 60] as const;
export type LandingPaymentTerm = (typeof LANDING_PAYMENT_TERMS)[number];

/** "Advance payments: 2" on the financing-options summary. */
export const LANDING_ADVANCE_PAYMENTS = 2;

/**
 * The questionnaire answers pricing depends on. `currentYear` is passed in (the business
 * time zone's year) so the module stays pure; the server recomputes with its own.
 */
/** The answers the landing quote prices; the quote endpoint takes exactly these. */
export const landingAnswerShape = {
  creditScore: landingCreditScoreSchema,
  /** Bankruptcy in the last 5 years. */
  bankruptcy: z.boolean(),
  oldestDebtUnderFiveYears: z.boolean(),
  businessStartYear: yearSchema,
  equipmentCost: amountSchema.check(z.positive()),
  desiredTerm: z.literal(LANDING_TERMS),
};

export const landingQuoteInputSchema = z
  .object({ ...landingAnswerShape, currentYear: yearSchema })
  .check(
    z.refine(startsNoLaterThanCurrentYear, { error: BUSINESS_STARTS_IN_FUTURE_MESSAGE, path: ["businessStartYear"] }),
  );

export type LandingQuoteInput = z.infer<typeof landingQuoteInputSchema>;

export type LandingPayments = { readonly [T in LandingPaymentTerm]: number } & { readonly desired: number };

/**
 * `reason` is a code, not a text: the visitor sees the financing-options screen's
 * "need more information" view, never the spec's internal section-8 texts.
 */
export type LandingIneligibleReason = "bankruptcy" | "young-credit";

export type LandingQuote =
  | { readonly eligible: false; readonly reason: LandingIneligibleReason }
  | {
      readonly eligible: true;
      /** Annual rate in percent. */
      readonly annualRate: number;
      readonly monthsInBusiness: LandingMonthsInBusiness;
      readonly markupPercent: number;
      /**
       * Equipment cost plus markup, in cents: the amortised principal. Not the summary's
       * "Finance amount", which shows the equipment cost as entered (docs/product-rules.md#r8-questionnaire-pricing).
       */
      readonly financedAmount: number;
      /** Monthly payments rounded to cents. */
      readonly payments: LandingPayments;
    };

/** Throws a ZodError when the input would have been refused by the questionnaire. */
export function landingQuote(input: LandingQuoteInput): LandingQuote {
  const answers = landingQuoteInputSchema.parse(input);
  // Both can hold; the visitor sees the same view either way, and a bankruptcy is the
  // weightier fact for the credit team, so it is the reason recorded.
  if (answers.bankruptcy) return { eligible: false, reason: "bankruptcy" };
  if (answers.oldestDebtUnderFiveYears) return { eligible: false, reason: "young-credit" };

  const annualRate = landingAnnualRate(answers.creditScore);
  const monthsInBusiness = landingMonthsInBusiness(answers.businessStartYear, answers.currentYear);
  const principal = withMarkup(answers.equipmentCost, monthsInBusiness);
  const payment = (months: number) => roundCents(amortizedPayment(principal, annualRate, months));

  return {
    eligible: true,
    annualRate,
    monthsInBusiness,
    markupPercent: markupPercent(monthsInBusiness),
    financedAmount: roundCents(principal),
    payments: {
      24: payment(24),
      36: payment(36),
      48: payment(48),
      60: payment(60),
      desired: payment(answers.desiredTerm),
    },
  };
}
