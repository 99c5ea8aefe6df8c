import * as z from "zod/mini";
import { formatUsd } from "../pricing/money-format.ts";
import { formatBusinessDateTime, formatCalendarDate } from "../site/business-time.ts";
import type { LeadType } from "./lead-inbox.ts";

/**
 * Every field the back office shows of a lead, by kind, with its readable label and how it is
 * written. The lead detail contract (`domain/leads/back-office-contracts.ts`) is built from these
 * shapes, and the label maps are typed by them: a field without a label does not compile.
 * SSN, tax id and date of birth are never among them (docs/product-rules.md#r5-sensitive-numbers): a credit application's
 * numbers come masked, beside these fields.
 */

const text = z.string();
const optionalText = z.nullable(z.string());
const amount = z.number();
const flag = z.boolean();
const count = z.number();

export const questionnaireFields = z.object({
  nameOfOwner: text,
  businessName: text,
  businessPhone: text,
  lengthCredit: text,
  creditScore: count,
  ccAvailability: text,
  bankruptcy: flag,
  ownerRent: text,
  personalCreditAccounts: text,
  businessLoans: text,
  startMonth: text,
  startYear: count,
  monthsInBusiness: count,
  vendorName: text,
  vendorPhone: text,
  equipmentDescription: text,
  newOrUsed: text,
  equipmentCost: amount,
  desiredTerm: count,
  monthlyRevenueGenerated: amount,
  annualGrossRevenue: amount,
  eligible: flag,
  annualRate: z.nullable(z.number()),
  contactClient: flag,
  visitId: optionalText,
});

export const pickedOptionFields = z.object({
  businessName: text,
  nameOfOwner: optionalText,
  businessPhone: optionalText,
  equipmentDescription: text,
  equipmentCost: amount,
  desiredTerm: count,
  term: count,
  monthlyPayment: amount,
  agreeItsJustProposal: flag,
  contactClient: flag,
});

export const calculatorFields = z.object({
  firstName: text,
  lastName: text,
  ownerEmail: text,
  ownerPhone: text,
  partnerName: optionalText,
  vendorName: text,
  salesPersonName: text,
  vendorPhone: text,
  equipment: text,
  notTruckingEquipment: text,
  equipmentCost: amount,
  entities: text,
  firstTimeBuyer: flag,
  startMonth: text,
  startYear: count,
  monthsInBusiness: count,
  monthlySales: amount,
  monthlyEarnings: amount,
  preferredTerm: count,
  creditScore: count,
  lengthCredit: text,
  bankruptcy: flag,
  creditAvailable: text,
  installmentLoans: text,
  homeownerOrRenter: text,
  businessLoans: text,
  workingCapitalLoans: text,
  annualRate: amount,
  downPaymentPercent: count,
  financedBase: amount,
  chosenTerm: z.nullable(z.number()),
  chosenAt: optionalText,
});

export const footerMessageFields = z.object({
  nameOfBusiness: text,
  nameUser: text,
  emailUser: text,
  message: text,
});

export const vendorContactFields = z.object({
  businessName: text,
  contactName: text,
  phoneNumber: text,
  email: text,
});

export const creditApplicationFields = z.object({
  businessName: text,
  fedIdMasked: optionalText,
  businessAddress: text,
  businessCity: text,
  businessState: text,
  businessZipCode: text,
  businessPhone: text,
  businessEmail: text,
  businessContact: text,
  annualGrossRevenue: z.nullable(z.number()),
  businessStarted: text,
  vendorName: text,
  costOfEquipment: z.nullable(z.number()),
  equipmentDescription: text,
  vendorContactName: text,
  vendorPhoneNumber: text,
  vendorEmail: text,
  acceptCheck: flag,
});

export const creditApplicationOwnerFields = z.object({
  name: text,
  title: text,
  ownershipPercent: count,
  ssnMasked: text,
  homeAddress: text,
  homeCity: text,
  homeState: text,
  homeZipCode: text,
  homePhone: text,
  homeEmail: text,
});

/** How a value is written: money in dollars, a date or instant in the business time zone, yes/no, ... */
export type FieldFormat = "text" | "money" | "percent" | "months" | "yesNo" | "date" | "dateTime";
export type FieldSpec = { label: string; format?: FieldFormat };
type Labels<Shape extends z.ZodMiniObject> = { [Key in keyof z.infer<Shape>]-?: FieldSpec };

export const questionnaireLabels: Labels<typeof questionnaireFields> = {
  nameOfOwner: { label: "Owner's name" },
  businessName: { label: "Business name" },
  businessPhone: { label: "Business phone" },
  lengthCredit: { label: "Age of the oldest debt" },
  creditScore: { label: "Personal credit score" },
  ccAvailability: { label: "Credit card limits in use" },
  bankruptcy: { label: "Bankruptcy", format: "yesNo" },
  ownerRent: { label: "Homeowner or renter" },
  personalCreditAccounts: { label: "Personal credit accounts" },
  businessLoans: { label: "Business loans" },
  startMonth: { label: "Business started (month)" },
  startYear: { label: "Business started (year)" },
  monthsInBusiness: { label: "Months in business (year code)" },
  vendorName: { label: "Vendor" },
  vendorPhone: { label: "Vendor phone" },
  equipmentDescription: { label: "Equipment" },
  newOrUsed: { label: "New or used" },
  equipmentCost: { label: "Equipment cost", format: "money" },
  desiredTerm: { label: "Desired term", format: "months" },
  monthlyRevenueGenerated: { label: "Monthly revenue the equipment generates", format: "money" },
  annualGrossRevenue: { label: "Annual gross revenue", format: "money" },
  eligible: { label: "Eligible for an estimate", format: "yesNo" },
  annualRate: { label: "Estimated annual rate", format: "percent" },
  contactClient: { label: "Asked to be contacted", format: "yesNo" },
  visitId: { label: "Visit (campaign) id" },
};

export const pickedOptionLabels: Labels<typeof pickedOptionFields> = {
  businessName: { label: "Business name" },
  nameOfOwner: { label: "Owner's name" },
  businessPhone: { label: "Business phone" },
  equipmentDescription: { label: "Equipment" },
  equipmentCost: { label: "Equipment cost", format: "money" },
  desiredTerm: { label: "Desired term", format: "months" },
  term: { label: "Picked term", format: "months" },
  monthlyPayment: { label: "Estimated monthly payment", format: "money" },
  agreeItsJustProposal: { label: "Agreed it is only a proposal", format: "yesNo" },
  contactClient: { label: "Asked to be contacted", format: "yesNo" },
};

export const calculatorLabels: Labels<typeof calculatorFields> = {
  firstName: { label: "Owner's first name" },
  lastName: { label: "Owner's last name" },
  ownerEmail: { label: "Owner's e-mail" },
  ownerPhone: { label: "Owner's phone" },
  partnerName: { label: "Partner calculator" },
  vendorName: { label: "Vendor" },
  salesPersonName: { label: "Sales person" },
  vendorPhone: { label: "Vendor phone" },
  equipment: { label: "Equipment" },
  notTruckingEquipment: { label: "Other (not trucking) equipment" },
  equipmentCost: { label: "Equipment cost", format: "money" },
  entities: { label: "Business entity" },
  firstTimeBuyer: { label: "First-time buyer", format: "yesNo" },
  startMonth: { label: "Business started (month)" },
  startYear: { label: "Business started (year)" },
  monthsInBusiness: { label: "Months in business" },
  monthlySales: { label: "Monthly sales", format: "money" },
  monthlyEarnings: { label: "Monthly earnings the equipment adds", format: "money" },
  preferredTerm: { label: "Preferred term", format: "months" },
  creditScore: { label: "Personal credit score" },
  lengthCredit: { label: "Age of the oldest debt" },
  bankruptcy: { label: "Bankruptcy in the last 5 years", format: "yesNo" },
  creditAvailable: { label: "Credit available on cards" },
  installmentLoans: { label: "Installment loans" },
  homeownerOrRenter: { label: "Homeowner or renter" },
  businessLoans: { label: "Business loans" },
  workingCapitalLoans: { label: "Working capital loans" },
  annualRate: { label: "Estimated annual rate", format: "percent" },
  downPaymentPercent: { label: "Down payment", format: "percent" },
  financedBase: { label: "Amount financed (cost less down payment)", format: "money" },
  chosenTerm: { label: "Chosen term", format: "months" },
  chosenAt: { label: "Term chosen at", format: "dateTime" },
};

export const footerMessageLabels: Labels<typeof footerMessageFields> = {
  nameOfBusiness: { label: "Business name" },
  nameUser: { label: "Name" },
  emailUser: { label: "E-mail" },
  message: { label: "Message" },
};

export const vendorContactLabels: Labels<typeof vendorContactFields> = {
  businessName: { label: "Business name" },
  contactName: { label: "Contact name" },
  phoneNumber: { label: "Phone" },
  email: { label: "E-mail" },
};

export const creditApplicationLabels: Labels<typeof creditApplicationFields> = {
  businessName: { label: "Business name" },
  fedIdMasked: { label: "Federal tax ID" },
  businessAddress: { label: "Business address" },
  businessCity: { label: "City" },
  businessState: { label: "State" },
  businessZipCode: { label: "ZIP code" },
  businessPhone: { label: "Business phone" },
  businessEmail: { label: "Business e-mail" },
  businessContact: { label: "Business contact" },
  annualGrossRevenue: { label: "Annual gross revenue", format: "money" },
  businessStarted: { label: "Business started", format: "date" },
  vendorName: { label: "Vendor" },
  costOfEquipment: { label: "Cost of equipment", format: "money" },
  equipmentDescription: { label: "Equipment" },
  vendorContactName: { label: "Vendor contact" },
  vendorPhoneNumber: { label: "Vendor phone" },
  vendorEmail: { label: "Vendor e-mail" },
  acceptCheck: { label: "Accepted the credit check", format: "yesNo" },
};

export const creditApplicationOwnerLabels: Labels<typeof creditApplicationOwnerFields> = {
  name: { label: "Name" },
  title: { label: "Title" },
  ownershipPercent: { label: "Ownership", format: "percent" },
  ssnMasked: { label: "Social Security number" },
  homeAddress: { label: "Home address" },
  homeCity: { label: "City" },
  homeState: { label: "State" },
  homeZipCode: { label: "ZIP code" },
  homePhone: { label: "Home phone" },
  homeEmail: { label: "Home e-mail" },
};

/** The label map of each kind's own fields. */
export const leadFieldLabels: Record<LeadType, Record<string, FieldSpec>> = {
  questionnaire: questionnaireLabels,
  "picked-option": pickedOptionLabels,
  calculator: calculatorLabels,
  "footer-message": footerMessageLabels,
  "vendor-contact": vendorContactLabels,
  "credit-application": creditApplicationLabels,
};

/** A lead history entry's field, as the page names it. */
export const leadHistoryFields = ["status", "assignee", "notes", "completedOn"] as const;
export type LeadHistoryField = (typeof leadHistoryFields)[number];
export const leadHistoryFieldLabels: Record<LeadHistoryField, string> = { status: "status", assignee: "assignee", notes: "notes", completedOn: "application complete" };

/** Codes some answers are stored as, in the words the visitor chose. */
export const oldestDebtLabels: Record<string, string> = { "1": "Under 5 years", "2": "5 years or more" };
export const cardUseLabels: Record<string, string> = { "1": "Under 40%", "2": "40% or more" };
export const equipmentFlagLabels: Record<string, string> = {
  clicknewTruckButton: "Truck",
  clicknewReeferButton: "Reefer",
  clickedNew: "New",
  clickusedButton: "Used",
  clickdayCabButton: "Day cab",
  clicksleeperButton: "Sleeper",
};
export const entityFlagLabels: Record<string, string> = {
  llcpartPositive: "LLC",
  solepropPartPositive: "Sole proprietorship",
  cCorpPartPositive: "C-Corp",
  sCorpPartPositive: "S-Corp",
  partnershipPartPositive: "Partnership",
  justStartPartPositive: "Just starting",
};

/** The labels of the flags that are set, in order: { clickedNew: true, clicksleeperButton: true } -> "New, Sleeper". */
export function flagsAsText(flags: Record<string, boolean>, labels: Record<string, string>): string {
  return Object.keys(labels)
    .filter((key) => flags[key])
    .map((key) => labels[key])
    .join(", ");
}

/** A field's value as the back office writes it; an empty or missing value is "—". */
export function formatLeadField(value: string | number | boolean | null | undefined, format: FieldFormat = "text", timeZone: string): string {
  if (value === null || value === undefined || value === "") return "—";
  switch (format) {
    case "money":
      return formatUsd(Number(value));
    case "percent":
      return `${value}%`;
    case "months":
      return `${value} months`;
    case "yesNo":
      return value ? "Yes" : "No";
    case "date":
      return formatCalendarDate(String(value));
    case "dateTime":
      return formatBusinessDateTime(new Date(String(value)), timeZone);
    default:
      return String(value);
  }
}

/**
 * Shortens a text for a list at a word boundary, with an ellipsis; a single word longer than `max`
 * is cut. The whole text is on the lead's page.
 */
export function shortenAtWord(value: string, max: number): string {
  const flat = value.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}
