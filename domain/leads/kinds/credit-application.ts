import * as z from "zod/mini";
import { formatUsd } from "../../pricing/money-format.ts";
import type { CreditApplicationRequest, OwnerFields } from "../credit-application-schema.ts";
import { count, field, flag, leadFields, optionalText, text, type NewLeadMail } from "../lead-fields.ts";

/** A credit application as the lead page shows it, in order; its tax id only masked. */
export const creditApplicationFields = leadFields({
  businessName: field(text, "Business name"),
  fedIdMasked: field(optionalText, "Federal tax ID"),
  businessAddress: field(text, "Business address"),
  businessCity: field(text, "City"),
  businessState: field(text, "State"),
  businessZipCode: field(text, "ZIP code"),
  businessPhone: field(text, "Business phone"),
  businessEmail: field(text, "Business e-mail"),
  businessContact: field(text, "Business contact"),
  annualGrossRevenue: field(z.nullable(z.number()), "Annual gross revenue", "money"),
  businessStarted: field(text, "Business started", "date"),
  vendorName: field(text, "Vendor"),
  costOfEquipment: field(z.nullable(z.number()), "Cost of equipment", "money"),
  equipmentDescription: field(text, "Equipment"),
  vendorContactName: field(text, "Vendor contact"),
  vendorPhoneNumber: field(text, "Vendor phone"),
  vendorEmail: field(text, "Vendor e-mail"),
  acceptCheck: field(flag, "Accepted the credit check", "yesNo"),
});

/** Each owner of the application, under its own heading; the SSN only masked. */
export const creditApplicationOwnerFields = leadFields({
  name: field(text, "Name"),
  title: field(text, "Title"),
  ownershipPercent: field(count, "Ownership", "percent"),
  ssnMasked: field(text, "Social Security number"),
  homeAddress: field(text, "Home address"),
  homeCity: field(text, "City"),
  homeState: field(text, "State"),
  homeZipCode: field(text, "ZIP code"),
  homePhone: field(text, "Home phone"),
  homeEmail: field(text, "Home e-mail"),
});

export const maskSsn = (last4: string) => `•••-••-${last4}`;
export const maskTaxId = (last4: string | null) => (last4 ? `••-•••${last4}` : null);

export const creditApplicationTitle = (application: { businessName: string }) => application.businessName;

/** The credit team's mail about a new application: never an SSN or the tax id. */
export function newCreditApplicationMail(
  request: CreditApplicationRequest,
  owners: OwnerFields[],
  costOfEquipment: number | null,
  referredThrough: string | null,
): NewLeadMail {
  return {
    subject: `New credit application: ${request.BusinessName}`,
    paragraphs: [
      ...(referredThrough ? [`${referredThrough}.`] : []),
      `Business: ${request.BusinessName}, ${request.businessCity}, ${request.businessState}`,
      `Contact: ${request.businessContact}, ${request.businessPhone}, ${request.businessEmail}`,
      `Owners: ${owners.map((owner) => `${owner.contactName} (${owner.ownership}%)`).join(", ")}`,
      `Equipment: ${request.equipmentDescription || "(not given)"}${costOfEquipment !== null ? `, ${formatUsd(costOfEquipment)}` : ""}`,
      "Sensitive numbers are only shown in the back office.",
    ],
  };
}
