import { formatUsPhone } from "#domain/forms/us-phone.ts";
import { formatEin, formatSsn } from "#domain/leads/credit-application-schema.ts";

export type FieldSpec = {
  name: string;
  label: string;
  type?: "text" | "email" | "tel" | "date" | "state";
  autoComplete?: string;
  inputMode?: "numeric" | "decimal" | "email" | "tel";
  maxLength?: number;
  required?: boolean;
  help?: string;
  format?: (raw: string) => string;
  /** Shown masked on the review step. */
  sensitive?: boolean;
};

export const businessFields: FieldSpec[] = [
  { name: "BusinessName", label: "Business name", required: true, autoComplete: "organization" },
  {
    name: "FedId",
    label: "Federal tax ID (EIN)",
    inputMode: "numeric",
    help: "##-#######",
    format: formatEin,
    sensitive: true,
    autoComplete: "off",
  },
  { name: "businessAddress", label: "Business address", required: true, autoComplete: "address-line1" },
  { name: "businessCity", label: "City", required: true, autoComplete: "address-level2" },
  { name: "businessState", label: "State", type: "state", required: true },
  {
    name: "businessZipCode",
    label: "ZIP code",
    required: true,
    inputMode: "numeric",
    maxLength: 5,
    autoComplete: "postal-code",
  },
  {
    name: "businessPhone",
    label: "Business phone",
    type: "tel",
    required: true,
    format: formatUsPhone,
    autoComplete: "tel-national",
  },
  { name: "businessEmail", label: "Business e-mail", type: "email", required: true, autoComplete: "email" },
  { name: "businessContact", label: "Contact person", required: true, autoComplete: "name" },
  {
    name: "businessAGR",
    label: "Annual gross revenue",
    inputMode: "decimal",
    help: "In US dollars, for example 250,000",
  },
  { name: "businessStarted", label: "Date business started", type: "date", required: true },
];

/** The owner's fields; the second owner's have the same names plus "2". */
export const ownerFields: FieldSpec[] = [
  { name: "contactName", label: "Owner name", required: true, autoComplete: "off" },
  { name: "contactTitle", label: "Title", required: true, autoComplete: "off" },
  { name: "ownership", label: "Ownership (%)", required: true, inputMode: "numeric", maxLength: 3 },
  {
    name: "ssn",
    label: "Social Security number",
    required: true,
    inputMode: "numeric",
    help: "###-##-####",
    format: formatSsn,
    sensitive: true,
    autoComplete: "off",
  },
  { name: "homeAddress", label: "Home address", required: true, autoComplete: "off" },
  { name: "homeCity", label: "City", required: true, autoComplete: "off" },
  { name: "homeState", label: "State", type: "state", required: true },
  { name: "homeZipcode", label: "ZIP code", required: true, inputMode: "numeric", maxLength: 5, autoComplete: "off" },
  { name: "homePhoneNumber", label: "Phone", type: "tel", required: true, format: formatUsPhone, autoComplete: "off" },
  { name: "homeEmail", label: "E-mail", type: "email", required: true, autoComplete: "off" },
];

export const secondOwnerFields: FieldSpec[] = ownerFields.map((field) => ({ ...field, name: `${field.name}2` }));

export const vendorFields: FieldSpec[] = [
  { name: "VendorName", label: "Vendor name", autoComplete: "off" },
  { name: "COE", label: "Cost of equipment", inputMode: "decimal", help: "In US dollars" },
  { name: "equipmentDescription", label: "Equipment description", autoComplete: "off" },
  { name: "vendorContactName", label: "Vendor contact name", autoComplete: "off" },
  { name: "vendorPhoneNumber", label: "Vendor phone", type: "tel", format: formatUsPhone, autoComplete: "off" },
  { name: "vendorEmail", label: "Vendor e-mail", type: "email", autoComplete: "off" },
];

export const allTextFields = [...businessFields, ...ownerFields, ...secondOwnerFields, ...vendorFields];

/** •••-••-1234 style: only the last four characters stay readable. */
export function maskSensitive(value: string): string {
  return value.replace(/\d(?=(?:\D*\d){4})/g, "•");
}
