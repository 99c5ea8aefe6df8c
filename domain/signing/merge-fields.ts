import { fundingPrograms } from "../funders/funder-terms.ts";
import { usStates } from "../forms/us-states.ts";
import { formatUsd } from "../pricing/money-format.ts";
import { formatCalendarDate } from "../site/business-time.ts";
import type { PackageFacts } from "./package-shapes.ts";

// The merge fields an agreement template may use (docs/product-rules.md#r57-documents-and-e-signature):
// `{{business.name}}` in a template's body becomes the business's name when a package is generated.

/** Every merge field, with what it becomes: the admin's template screen lists them. */
export const mergeFieldNames = {
  date: "The package's date (Nov 27, 2026)",
  "lender.name": "The lender's name",
  "lender.address": "The lender's address",
  "lender.phone": "The lender's phone number",
  "lender.email": "The lender's e-mail address",
  "lender.governingLaw": 'The law of the lender\'s state, from its address ("the laws of the State of Texas")',
  "deal.accountNumber": "The deal's account number",
  "deal.program": "The deal's program (Equipment finance, Lease, ...)",
  "business.name": "The business's legal name",
  "business.address": "The business's address",
  "business.phone": "The business's phone number",
  "business.email": "The business's e-mail address",
  "vendor.name": "The vendor (dealer) selling the equipment",
  "vendor.address": "The vendor's address",
  "equipment.description": "The equipment financed",
  "equipment.cost": "The equipment's cost ($48,500.00)",
  "approval.amount": "The amount financed ($45,000.00)",
  "approval.term": 'The term ("36 months")',
  "approval.termMonths": 'The number of monthly payments ("36")',
  "approval.payment": "The monthly payment ($1,412.35)",
  "approval.totalOfPayments": "The monthly payment times the number of payments",
  "approval.rate": 'The annual rate ("8.99%")',
  "approval.downPayment": "The down payment ($3,500.00)",
  "approval.fees": "The documentation and other fees ($395.00)",
  "approval.expiresOn": "The last day the approval's terms hold",
  "signer.name": "The name of the person signing for the business",
  "signer.title": 'Their title ("Owner", "President")',
  "signer.email": "Their e-mail address",
  "guarantor.name": "The guarantor of a personal guaranty",
  "guarantor.email": "The guarantor's e-mail address",
} as const satisfies Record<string, string>;

export type MergeFieldName = keyof typeof mergeFieldNames;

/** What a missing fact (no term, no vendor) reads as in a document. */
export const notStated = "not stated";

const usd = (cents: number) => formatUsd(cents / 100);
const stateNames = new Map<string, string>(usStates);

/** "the laws of the State of Texas" from an address ending "..., Austin, TX 78701"; else the state of the lender's office. */
function governingLaw(address: string): string {
  const code = /\b([A-Z]{2})\s+\d{5}(?:-\d{4})?\s*$/.exec(address.trim())?.[1];
  const name = code ? stateNames.get(code) : undefined;
  if (name === "District of Columbia") return "the laws of the District of Columbia";
  return name ? `the laws of the State of ${name}` : "the laws of the state of the Lender's principal office";
}

/** The text of every merge field for one document of a package. */
export function mergeValues(facts: PackageFacts): Record<MergeFieldName, string> {
  const { approval } = facts;
  const orNotStated = <T>(value: T | null, format: (value: T) => string) =>
    value === null ? notStated : format(value);
  return {
    date: formatCalendarDate(facts.date),
    "lender.name": facts.lender.name,
    "lender.address": facts.lender.address,
    "lender.phone": facts.lender.phone,
    "lender.email": facts.lender.email,
    "lender.governingLaw": governingLaw(facts.lender.address),
    "deal.accountNumber": facts.deal.accountNumber,
    "deal.program":
      fundingPrograms.find((program) => program.value === facts.deal.program)?.label ?? facts.deal.program,
    "business.name": facts.business.name,
    "business.address": facts.business.address,
    "business.phone": facts.business.phone,
    "business.email": facts.business.email,
    "vendor.name": facts.vendor?.name ?? notStated,
    "vendor.address": facts.vendor?.address ?? notStated,
    "equipment.description": facts.equipment.description,
    "equipment.cost": usd(facts.equipment.costCents),
    "approval.amount": usd(approval.amountCents),
    "approval.term": orNotStated(approval.termMonths, (months) => `${months} ${months === 1 ? "month" : "months"}`),
    "approval.termMonths": orNotStated(approval.termMonths, String),
    "approval.payment": orNotStated(approval.paymentCents, usd),
    "approval.totalOfPayments":
      approval.paymentCents === null || approval.termMonths === null
        ? notStated
        : usd(approval.paymentCents * approval.termMonths),
    "approval.rate": orNotStated(approval.rateBasisPoints, (points) => `${(points / 100).toFixed(2)}%`),
    "approval.downPayment": usd(approval.downPaymentCents),
    "approval.fees": usd(approval.feesCents),
    "approval.expiresOn": formatCalendarDate(approval.expiresOn),
    "signer.name": facts.businessSigner.name,
    "signer.title": facts.businessSigner.title,
    "signer.email": facts.businessSigner.email,
    "guarantor.name": facts.guarantor?.name ?? notStated,
    "guarantor.email": facts.guarantor?.email ?? notStated,
  };
}

const mergeField = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The body with every known merge field replaced by its value; an unknown one is left as written. */
export function fillTemplate(body: string, values: Readonly<Record<string, string>>): string {
  return body.replace(mergeField, (written, name: string) => (Object.hasOwn(values, name) ? values[name]! : written));
}

const isMergeFieldName = (name: string): name is MergeFieldName => Object.hasOwn(mergeFieldNames, name);
const excerpt = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}...` : text);

/**
 * A message naming the first merge field of a template's body that is unknown or malformed (not
 * closed, braces inside, a stray "}}"), or null when every one is known.
 */
export function checkTemplateBody(body: string): string | null {
  let at = 0;
  for (;;) {
    const open = body.indexOf("{{", at);
    const close = body.indexOf("}}", at);
    if (close !== -1 && (open === -1 || close < open))
      return `"}}" without "{{" before it, near "${excerpt(body.slice(Math.max(0, close - 20), close + 2))}"`;
    if (open === -1) return null;
    const end = body.indexOf("}}", open + 2);
    const inside = end === -1 ? "" : body.slice(open + 2, end);
    if (end === -1 || inside.includes("\n") || inside.includes("{{"))
      return `The merge field "${excerpt(body.slice(open).split("\n")[0]!)}" is not closed with "}}"`;
    const name = inside.trim();
    if (name === "") return 'An empty merge field "{{}}": write the name of a field between the braces';
    if (/[{}]/.test(name)) return `The merge field "{{${excerpt(name)}}}" has a brace inside it`;
    if (!isMergeFieldName(name)) return `Unknown merge field {{${excerpt(name)}}}: use one of the fields listed`;
    at = end + 2;
  }
}
