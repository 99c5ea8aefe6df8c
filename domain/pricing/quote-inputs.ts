import * as z from "zod/mini";

/** "Bankruptcy in the last 5 years" (docs/product-rules.md#r8-questionnaire-pricing). */
export const BANKRUPTCY_LOOKBACK_YEARS = 5;
/** "Oldest debt under 5 years" marks a young credit history (docs/product-rules.md#r8-questionnaire-pricing and docs/product-rules.md#r9-calculator-pricing). */
export const YOUNG_CREDIT_UNDER_YEARS = 5;

/** The calculator's year selector goes down to 1900 (docs/product-rules.md#r52-forms-check-what-the-spec-checks); no form offers earlier. */
export const EARLIEST_BUSINESS_START_YEAR = 1900;
/** The lowest score the FICO and VantageScore scales produce. */
export const CREDIT_SCORE_MIN = 300;
/** The last row of both rate tables; no score above it is priced. */
export const CREDIT_SCORE_MAX = 900;
/**
 * Money fields take up to 12 integer digits (docs/product-rules.md#r52-forms-check-what-the-spec-checks). The cap also
 * keeps every derived
 * amount finite.
 */
export const MAX_AMOUNT = 999_999_999_999.99;

export const amountSchema = z.number().check(z.maximum(MAX_AMOUNT));

export const yearSchema = z.int().check(z.minimum(EARLIEST_BUSINESS_START_YEAR));

/** Refinement for input objects holding both years: a business cannot start in the future. */
export function startsNoLaterThanCurrentYear(input: { businessStartYear: number; currentYear: number }): boolean {
  return input.businessStartYear <= input.currentYear;
}

export const BUSINESS_STARTS_IN_FUTURE_MESSAGE = "The business start year cannot be after the current year.";
