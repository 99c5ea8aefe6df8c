import * as z from "zod/mini";
import { calculatorEntityLabels, type CalculatorLeadRequest } from "../../calculator/calculator-schema.ts";
import type { CalculatorQuote } from "../../pricing/calculator-quote.ts";
import { formatUsd, parseMoney } from "../../pricing/money-format.ts";
import { oldestDebtOptions } from "../../pricing/oldest-debt-options.ts";
import {
  amount,
  count,
  field,
  flag,
  flagsAsText,
  leadFields,
  optionalText,
  optionLabel,
  text,
  type NewLeadMail,
} from "../lead-fields.ts";

/** A GetQualified calculator lead as the lead page shows it, in order. */
export const calculatorFields = leadFields({
  firstName: field(text, "Owner's first name"),
  lastName: field(text, "Owner's last name"),
  ownerEmail: field(text, "Owner's e-mail"),
  ownerPhone: field(text, "Owner's phone"),
  partnerName: field(optionalText, "Partner calculator"),
  vendorName: field(text, "Vendor"),
  salesPersonName: field(text, "Sales person"),
  vendorPhone: field(text, "Vendor phone"),
  equipment: field(text, "Equipment"),
  notTruckingEquipment: field(text, "Other (not trucking) equipment"),
  equipmentCost: field(amount, "Equipment cost", "money"),
  entities: field(text, "Business entity"),
  firstTimeBuyer: field(flag, "First-time buyer", "yesNo"),
  startMonth: field(text, "Business started (month)"),
  startYear: field(count, "Business started (year)"),
  monthsInBusiness: field(count, "Months in business"),
  monthlySales: field(amount, "Monthly sales", "money"),
  monthlyEarnings: field(amount, "Monthly earnings the equipment adds", "money"),
  preferredTerm: field(count, "Preferred term", "months"),
  creditScore: field(count, "Personal credit score"),
  lengthCredit: field(text, "Age of the oldest debt"),
  bankruptcy: field(flag, "Bankruptcy in the last 5 years", "yesNo"),
  creditAvailable: field(text, "Credit available on cards"),
  installmentLoans: field(text, "Installment loans"),
  homeownerOrRenter: field(text, "Homeowner or renter"),
  businessLoans: field(text, "Business loans"),
  workingCapitalLoans: field(text, "Working capital loans"),
  annualRate: field(amount, "Estimated annual rate", "percent"),
  downPaymentPercent: field(count, "Down payment", "percent"),
  financedBase: field(amount, "Amount financed (cost less down payment)", "money"),
  chosenTerm: field(z.nullable(z.number()), "Chosen term", "months"),
  chosenAt: field(optionalText, "Term chosen at", "dateTime"),
});

/**
 * The equipment buttons pressed, in the page's words. Not the form's own labels: its buttons say
 * "Trailer" and "Day Cab", the page has always said "Reefer" and "Day cab".
 */
const equipmentLabels: Record<string, string> = {
  clicknewTruckButton: "Truck",
  clicknewReeferButton: "Reefer",
  clickedNew: "New",
  clickusedButton: "Used",
  clickdayCabButton: "Day cab",
  clicksleeperButton: "Sleeper",
};

/** The stored flags and codes in words: { clickedNew: true, clicksleeperButton: true } -> "New, Sleeper". */
export const equipmentText = (flags: Record<string, boolean>) => flagsAsText(flags, equipmentLabels);
export const entitiesText = (flags: Record<string, boolean>) => flagsAsText(flags, calculatorEntityLabels);
export const oldestDebtText = (code: number) => optionLabel(oldestDebtOptions, code);

export const calculatorTitle = (lead: { firstName: string; lastName: string }) => `${lead.firstName} ${lead.lastName}`;

/** The credit team's mail about a new lead; `partnerName` is the calculator's branding when it came through a link. */
export function newCalculatorMail(
  lead: CalculatorLeadRequest,
  quote: CalculatorQuote,
  partnerName: string | null,
  referredThrough: string | null,
): NewLeadMail {
  return {
    subject: `New calculator lead: ${lead.firstNameModel} ${lead.lastNameModel}${partnerName !== null ? ` (${partnerName})` : ""}`,
    paragraphs: [
      ...(referredThrough ? [`${referredThrough}.`] : []),
      `Owner: ${lead.firstNameModel} ${lead.lastNameModel}, ${lead.OwnersPhoneNumber}, ${lead.ownersEmail}`,
      `Vendor: ${lead.vendorName}, sales person ${lead.salesPersonName}, ${lead.phoneNumberVendor}`,
      `Equipment cost ${formatUsd(parseMoney(lead.costEq)!)}; ${quote.downPayment.percent}% down; rate ${quote.annualRate}%`,
      `Payments from: ${quote.cards.map((card) => `${card.term} mo ${formatUsd(card.payment.low)}`).join(", ")}`,
    ],
  };
}
