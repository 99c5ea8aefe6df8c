import * as z from "zod/mini";
import type { LandingQuote } from "../../pricing/landing-quote.ts";
import { formatUsd, parseMoney } from "../../pricing/money-format.ts";
import { oldestDebtOptions } from "../../pricing/oldest-debt-options.ts";
import type { QuestionnaireAnswerRequest } from "../../questionnaire/answer-schema.ts";
import { cardUseOptions } from "../../questionnaire/questions.ts";
import {
  amount,
  count,
  field,
  flag,
  leadFields,
  optionalText,
  optionLabel,
  text,
  type NewLeadMail,
} from "../lead-fields.ts";

/** A pre-qualification (the landing questionnaire's answer) as the lead page shows it, in order. */
export const questionnaireFields = leadFields({
  nameOfOwner: field(text, "Owner's name"),
  businessName: field(text, "Business name"),
  businessPhone: field(text, "Business phone"),
  lengthCredit: field(text, "Age of the oldest debt"),
  creditScore: field(count, "Personal credit score"),
  ccAvailability: field(text, "Credit card limits in use"),
  bankruptcy: field(flag, "Bankruptcy", "yesNo"),
  ownerRent: field(text, "Homeowner or renter"),
  personalCreditAccounts: field(text, "Personal credit accounts"),
  businessLoans: field(text, "Business loans"),
  startMonth: field(text, "Business started (month)"),
  startYear: field(count, "Business started (year)"),
  monthsInBusiness: field(count, "Months in business (year code)"),
  vendorName: field(text, "Vendor"),
  vendorPhone: field(text, "Vendor phone"),
  equipmentDescription: field(text, "Equipment"),
  newOrUsed: field(text, "New or used"),
  equipmentCost: field(amount, "Equipment cost", "money"),
  desiredTerm: field(count, "Desired term", "months"),
  monthlyRevenueGenerated: field(amount, "Monthly revenue the equipment generates", "money"),
  annualGrossRevenue: field(amount, "Annual gross revenue", "money"),
  eligible: field(flag, "Eligible for an estimate", "yesNo"),
  annualRate: field(z.nullable(z.number()), "Estimated annual rate", "percent"),
  contactClient: field(flag, "Asked to be contacted", "yesNo"),
  visitId: field(optionalText, "Visit (campaign) id"),
});

/** The stored codes in the words the visitor chose, from the questionnaire's own options. */
export const oldestDebtText = (code: number) => optionLabel(oldestDebtOptions, code);
export const cardUseText = (code: number) => optionLabel(cardUseOptions, code);

export const questionnaireTitle = (answer: { businessName: string; nameOfOwner: string }) =>
  `${answer.businessName} (${answer.nameOfOwner})`;

/** The credit team's mail about a new answer, with the estimate the visitor was shown. */
export function newQuestionnaireMail(
  answer: QuestionnaireAnswerRequest,
  quote: LandingQuote,
  referredThrough: string | null,
): NewLeadMail {
  return {
    subject: `New pre-qualification: ${answer.businessName}`,
    paragraphs: [
      ...(referredThrough ? [`${referredThrough}.`] : []),
      `Owner: ${answer.nameOfOwner}, ${answer.businessPhoneNumber}`,
      `Equipment: ${answer.nameEquipment} (${answer.newOrUsed}), ${formatUsd(parseMoney(answer.costEq)!)} over ${answer.desiredmonth} months, from ${answer.namevendor}`,
      `Credit score ${answer.creditscore}; bankruptcy in 5 years: ${answer.bk}; oldest debt ${answer.lengthCredit === "1" ? "under" : "over"} 5 years`,
      quoteSummary(quote),
    ],
  };
}

function quoteSummary(quote: LandingQuote): string {
  if (!quote.eligible) return `No estimate shown (${quote.reason}): the visitor was told a specialist will review.`;
  return `Estimate at ${quote.annualRate}%: 24 mo ${formatUsd(quote.payments[24])}, 36 mo ${formatUsd(quote.payments[36])}, 48 mo ${formatUsd(quote.payments[48])}, 60 mo ${formatUsd(quote.payments[60])}`;
}
