import { YOUNG_CREDIT_UNDER_YEARS } from "./quote-inputs.ts";

/**
 * "How old is your oldest debt?", asked by the questionnaire and the calculator alike: both store
 * the code, "1" being a young credit history for pricing. The lead page writes a stored code back
 * in these words.
 */
export const oldestDebtOptions = [
  { value: "1", label: `Under ${YOUNG_CREDIT_UNDER_YEARS} years` },
  { value: "2", label: `${YOUNG_CREDIT_UNDER_YEARS} years or more` },
] as const;
