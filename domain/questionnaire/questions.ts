import { formatUsPhone } from "../forms/us-phone.ts";
import { LANDING_TERMS, landingBusinessStartYearOptions } from "../pricing/landing-quote.ts";
import { formatLandingMoneyInput } from "../pricing/money-format.ts";
import { oldestDebtOptions } from "../pricing/oldest-debt-options.ts";
import { months, type QuestionnaireAnswerRequest } from "./answer-schema.ts";

type AnswerKey = Exclude<keyof QuestionnaireAnswerRequest, "visitId" | "idempotencyKey" | "leaveEmpty">;

export type Question = {
  /** The fields this step asks (the business start asks month and year together). */
  fields: readonly AnswerKey[];
  label: string;
  /** Progress once this question is answered (business name at 10: docs/product-rules.md#r8-questionnaire-pricing). */
  progress: number;
  input:
    | {
        kind: "text";
        inputMode?: "numeric" | "decimal" | "tel";
        autoComplete?: string;
        format?: (raw: string) => string;
        formatOnBlur?: (raw: string) => string;
        maxLength?: number;
      }
    | { kind: "choice"; options: readonly { value: string; label: string }[] }
    | { kind: "month-year"; years: (currentYear: number) => readonly { value: string; label: string }[] };
};

const money = { kind: "text", inputMode: "decimal", formatOnBlur: formatLandingMoneyInput } as const;
const fewOrMany = [
  { value: "less than 5", label: "Less than 5" },
  { value: "more than 5", label: "More than 5" },
] as const;

/** How much of the card limits is in use: stored as its code, written back in these words on the lead page. */
export const cardUseOptions = [
  { value: "1", label: "Under 40%" },
  { value: "2", label: "40% or more" },
] as const;

/** The landing questionnaire, in the spec's order. */
export const questions: readonly Question[] = [
  {
    fields: ["nameOfOwner"],
    label: "What is the name of the business owner?",
    progress: 5,
    input: { kind: "text", autoComplete: "name", maxLength: 22 },
  },
  {
    fields: ["businessName"],
    label: "What is the name of the business?",
    progress: 10,
    input: { kind: "text", autoComplete: "organization" },
  },
  {
    fields: ["businessPhoneNumber"],
    label: "What is the business phone number?",
    progress: 15,
    input: { kind: "text", inputMode: "tel", autoComplete: "tel-national", format: formatUsPhone },
  },
  {
    fields: ["lengthCredit"],
    label: "How old is your oldest debt (loan or credit card)?",
    progress: 20,
    input: { kind: "choice", options: oldestDebtOptions },
  },
  {
    fields: ["creditscore"],
    label: "What is your personal credit score?",
    progress: 25,
    input: { kind: "text", inputMode: "numeric", maxLength: 3 },
  },
  {
    fields: ["ccavailability"],
    label: "How much of your credit card limits are you using?",
    progress: 30,
    input: { kind: "choice", options: cardUseOptions },
  },
  {
    fields: ["bk"],
    label: "Have you filed for bankruptcy in the last 5 years?",
    progress: 35,
    input: {
      kind: "choice",
      options: [
        { value: "no", label: "No" },
        { value: "yes", label: "Yes" },
      ],
    },
  },
  {
    fields: ["ownerrent"],
    label: "Do you own your home or rent?",
    progress: 40,
    input: {
      kind: "choice",
      options: [
        { value: "Homeowner", label: "Homeowner" },
        { value: "Rent", label: "Rent" },
      ],
    },
  },
  {
    fields: ["personalcreditaccounts"],
    label: "How many personal debts (loans and cards) do you have?",
    progress: 45,
    input: { kind: "choice", options: fewOrMany },
  },
  {
    fields: ["businessLoans"],
    label: "How many business loans do you have?",
    progress: 50,
    input: { kind: "choice", options: fewOrMany },
  },
  {
    fields: ["monthsofbusiness", "year"],
    label: "When did the business start?",
    progress: 55,
    input: {
      kind: "month-year",
      years: (currentYear) =>
        landingBusinessStartYearOptions(currentYear).map((option) => ({
          value: String(option.year),
          label: String(option.year),
        })),
    },
  },
  {
    fields: ["namevendor"],
    label: "Which company is selling the equipment?",
    progress: 60,
    input: { kind: "text", autoComplete: "off" },
  },
  {
    fields: ["phoneVendor"],
    label: "What is the seller's phone number?",
    progress: 65,
    input: { kind: "text", inputMode: "tel", autoComplete: "off", format: formatUsPhone },
  },
  {
    fields: ["nameEquipment"],
    label: "What equipment are you buying?",
    progress: 70,
    input: { kind: "text", autoComplete: "off" },
  },
  {
    fields: ["newOrUsed"],
    label: "Is the equipment new or used?",
    progress: 75,
    input: {
      kind: "choice",
      options: [
        { value: "NEW", label: "New" },
        { value: "USED", label: "Used" },
      ],
    },
  },
  { fields: ["costEq"], label: "How much does the equipment cost?", progress: 80, input: money },
  {
    fields: ["desiredmonth"],
    label: "Over how many months would you like to pay?",
    progress: 85,
    input: { kind: "choice", options: LANDING_TERMS.map((term) => ({ value: String(term), label: `${term} months` })) },
  },
  { fields: ["fundGenerate"], label: "How much monthly revenue will the equipment add?", progress: 99, input: money },
  { fields: ["agr"], label: "What is the business's annual gross revenue?", progress: 100, input: money },
];

export const monthOptions = months.map((month) => ({ value: month, label: month }));
