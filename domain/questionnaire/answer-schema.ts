import * as z from "zod/mini";
import { honeypot, idempotencyKey, requiredText, usPhone } from "../forms/fields.ts";
import { vendorSlugField } from "../vendors/vendor-slug.ts";
import {
  LANDING_CREDIT_SCORE_TOO_LOW_MESSAGE,
  LANDING_TERMS,
  type LandingQuoteInput,
  type LandingTerm,
} from "../pricing/landing-quote.ts";
import { parseMoney } from "../pricing/money-format.ts";

export const months = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

export const ownerNameMessage = "Please enter the name of the owner";
export const chooseOneMessage = "Please choose an answer.";
export const moneyMessage = "Please enter an amount in dollars, for example 25,000.";

const choice = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, chooseOneMessage);

const money = z.string().check(
  z.trim(),
  z.refine((value) => (parseMoney(value) ?? 0) > 0, moneyMessage),
);

const creditScore = z.string().check(
  z.trim(),
  z.regex(/^\d{3}$/, "Please enter your credit score: three digits."),
  z.refine((value) => Number(value) > 540, LANDING_CREDIT_SCORE_TOO_LOW_MESSAGE),
  z.refine((value) => Number(value) <= 900, "Credit scores go up to 900."),
);

/** The landing questionnaire's answer (spec: answers), as the form sends it. */
export const questionnaireAnswerRequest = z.object({
  nameOfOwner: z.string().check(z.trim(), z.regex(/^[A-Za-z\s]{2,22}$/, ownerNameMessage)),
  businessName: requiredText("Please enter the business name.", 120),
  businessPhoneNumber: usPhone(),
  /** 1 = oldest debt under 5 years, 2 = over 5 years. */
  lengthCredit: choice(["1", "2"]),
  creditscore: creditScore,
  /** Credit-card use: 1 = under 40% of limits, 2 = 40% or more. */
  ccavailability: choice(["1", "2"]),
  bk: choice(["yes", "no"]),
  ownerrent: choice(["Homeowner", "Rent"]),
  personalcreditaccounts: choice(["less than 5", "more than 5"]),
  businessLoans: choice(["less than 5", "more than 5"]),
  monthsofbusiness: choice(months),
  year: z.string().check(z.regex(/^\d{4}$/, chooseOneMessage)),
  namevendor: requiredText("Please enter the selling company.", 120),
  phoneVendor: usPhone(),
  nameEquipment: requiredText("Please describe the equipment.", 200),
  newOrUsed: choice(["NEW", "USED"]),
  costEq: money,
  desiredmonth: choice(LANDING_TERMS.map(String) as [string, ...string[]]),
  fundGenerate: money,
  agr: money,
  /** The ?id= the landing page was opened with; recorded only (docs/product-rules.md#r51-screens-keep-the-specs-layout-and-words). */
  visitId: z.optional(z.string().check(z.maxLength(100))),
  vendorSlug: vendorSlugField,
  idempotencyKey,
  leaveEmpty: honeypot,
});

export type QuestionnaireAnswerRequest = z.infer<typeof questionnaireAnswerRequest>;
export type QuestionnaireAnswerInput = z.input<typeof questionnaireAnswerRequest>;

/** What pricing needs from an answer; the server calls this with its own current year. */
export function landingQuoteInput(answer: QuestionnaireAnswerRequest, currentYear: number): LandingQuoteInput {
  return {
    creditScore: Number(answer.creditscore),
    bankruptcy: answer.bk === "yes",
    oldestDebtUnderFiveYears: answer.lengthCredit === "1",
    businessStartYear: Number(answer.year),
    currentYear,
    equipmentCost: parseMoney(answer.costEq)!,
    desiredTerm: Number(answer.desiredmonth) as LandingTerm,
  };
}
