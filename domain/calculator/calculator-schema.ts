import * as z from "zod/mini";
import { honeypot, idempotencyKey, usPhone } from "../forms/fields.ts";
import { usPhonePattern } from "../forms/us-phone.ts";
import { CALCULATOR_TERMS } from "../pricing/calculator-quote.ts";
import { CREDIT_SCORE_BUTTONS } from "../pricing/credit-score-buttons.ts";
import { parseMoney } from "../pricing/money-format.ts";
import { months } from "../questionnaire/answer-schema.ts";
import { vendorSlugField } from "../vendors/vendor-slug.ts";

export const calculatorMessages = {
  step1: "Please complete all fields.",
  section: "Please complete this section",
  jumpAhead: "Please complete all section to review your payment options",
  priceOver5k: "Please enter an amount higher than $5,000.00",
  priceOver10k: "Please enter an amount higher than $10,000.00",
  termsTitle: "Oops...",
  terms: "Please accept our terms and conditions",
  successTitle: "Success!",
  success: "Please keep your phone close to you. A finance specialist will contact you within 30 minutes.",
  failure: "We could not send your answers. Please try again, or call us.",
} as const;

/** Landing-view buttons: Start Application needs more than $10,000, the others more than $5,000. */
export const priceMinimums = { startApplication: 10_000, other: 5_000 } as const;

const lettersAndSpaces = z.string().check(z.trim(), z.regex(/^[A-Za-z][A-Za-z\s]*$/));
const flag = z.boolean();

/** Step 1, Vendor Information: 'Please complete all fields.' */
export const vendorStep = z.object({
  vendorName: z.string().check(z.trim(), z.regex(/\w/), z.minLength(1), z.maxLength(22)),
  salesPersonName: z.string().check(z.trim(), z.regex(/^[A-Za-z][A-Za-z\s]*$/)),
  phoneNumberVendor: z.string().check(z.regex(usPhonePattern)),
  costEq: z.string().check(
    z.minLength(7),
    z.refine((value) => parseMoney(value) !== undefined),
  ),
  revenueAddBusiness: z.string().check(
    z.regex(/\D/),
    z.refine((value) => parseMoney(value) !== undefined),
  ),
  notTruckingEquipment: z.string().check(z.maxLength(200)),
  clicknewTruckButton: flag,
  clicknewReeferButton: flag,
  clickedNew: flag,
  clickusedButton: flag,
  clickdayCabButton: flag,
  clicksleeperButton: flag,
});

/** Step 2, Owner Information: 'Please complete this section'. */
export const ownerStep = z.object({
  firstNameModel: lettersAndSpaces,
  lastNameModel: lettersAndSpaces,
  ownersEmail: z.email(),
  OwnersPhoneNumber: usPhone(),
});

/** Runs a refinement on an object whose fields have issues (zod skips it by default). */
const hasObjectValue = (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null;

const entityFlags = [
  "llcpartPositive",
  "solepropPartPositive",
  "cCorpPartPositive",
  "sCorpPartPositive",
  "partnershipPartPositive",
  "justStartPartPositive",
] as const;

/** The entity buttons' words, in the form's order; the lead page names a lead's entities with them. */
export const calculatorEntityLabels: Record<(typeof entityFlags)[number], string> = {
  llcpartPositive: "LLC",
  solepropPartPositive: "Sole proprietorship",
  cCorpPartPositive: "C-Corp",
  sCorpPartPositive: "S-Corp",
  partnershipPartPositive: "Partnership",
  justStartPartPositive: "Just starting",
};

/** Step 3, Business Information: 'Please complete this section'. */
export const businessStep = z
  .object({
    llcpartPositive: flag,
    solepropPartPositive: flag,
    cCorpPartPositive: flag,
    sCorpPartPositive: flag,
    partnershipPartPositive: flag,
    justStartPartPositive: flag,
    firstTimeBuyer: z.enum(["yes", "no"]),
    monthsofbusinessStart: z.enum(months),
    yearbusinessStarted: z.string().check(z.regex(/^\d{4}$/)),
    monthlySalesInput: z.string().check(
      z.regex(/\d/),
      z.refine((value) => parseMoney(value) !== undefined),
    ),
    preferredFinancing: z.enum(CALCULATOR_TERMS.map(String) as [string, ...string[]]),
  })
  .check(
    z.refine((step) => entityFlags.some((name) => step[name]), {
      path: ["llcpartPositive"],
      error: calculatorMessages.section,
    }),
  );

/** Step 4, Credit Information, with the answers the spec collected but never sent. */
export const creditStep = z.object({
  creditscore: z.enum(CREDIT_SCORE_BUTTONS.map((button) => String(button.score)) as [string, ...string[]]),
  lengthCredit: z.enum(["1", "2"]),
  bk: z.enum(["yes", "no"]),
  creditAvailable: z.enum(["less than 20%", "30-50%", "60-100%"]),
  installmentLoans: z.enum(["fewer than 5", "more than 5"]),
  homeownerOrRenter: z.enum(["homeowner", "renter"]),
  businessLoans: z.enum(["fewer than 5", "more than 5"]),
  workingCapitalLoans: z.enum(["yes", "no"]),
});

export const calculatorSteps = [vendorStep, ownerStep, businessStep, creditStep] as const;
export const stepMessages = [
  calculatorMessages.step1,
  calculatorMessages.section,
  calculatorMessages.section,
  calculatorMessages.section,
] as const;

/** POST /api/leads/calculator: every step's answers, the partner (if any) and the form's key. */
export const calculatorLeadRequest = z
  .object({
    ...vendorStep.shape,
    ...ownerStep.shape,
    ...businessStep.shape,
    ...creditStep.shape,
    partnerSlug: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,60}$/))),
    vendorSlug: vendorSlugField,
    idempotencyKey,
    leaveEmpty: honeypot,
  })
  // Also when other fields fail, so the form's step check (app/lib/use-schema-form.ts) sees it.
  .check(
    z.refine((lead) => entityFlags.some((name) => lead[name]), {
      path: ["llcpartPositive"],
      error: calculatorMessages.section,
      when: hasObjectValue,
    }),
  );

export type CalculatorLeadRequest = z.infer<typeof calculatorLeadRequest>;

/** 'I want this payment option': the chosen term, with the terms accepted. */
export const calculatorChoiceRequest = z.object({
  leadId: z.uuid(),
  term: z.enum(CALCULATOR_TERMS.map(String) as [string, ...string[]]),
  acceptTerms: z.literal(true, calculatorMessages.terms),
});

export const calculatorEntityFlags = entityFlags;

/** What pricing needs from a lead; the server passes its own current year. */
export function calculatorQuoteInput(lead: CalculatorLeadRequest, currentYear: number) {
  return {
    price: parseMoney(lead.costEq)!,
    creditScore: Number(lead.creditscore),
    oldestDebtUnderFiveYears: lead.lengthCredit === "1",
    bankruptcy: lead.bk === "yes",
    firstTimeBuyer: lead.firstTimeBuyer === "yes",
    businessStartYear: Number(lead.yearbusinessStarted),
    currentYear,
    monthlyEarnings: parseMoney(lead.revenueAddBusiness)!,
  };
}
