import { field, leadFields, text, type NewLeadMail } from "../lead-fields.ts";
import type { VendorContactRequest } from "../vendor-contact-schema.ts";

/** A vendor's request to sign up, as the lead page shows it, in order. */
export const vendorContactFields = leadFields({
  businessName: field(text, "Business name"),
  contactName: field(text, "Contact name"),
  phoneNumber: field(text, "Phone"),
  email: field(text, "E-mail"),
});

export const vendorContactTitle = (contact: { businessName: string; contactName: string }) =>
  `${contact.businessName} (${contact.contactName})`;

export function newVendorContactMail(request: VendorContactRequest): NewLeadMail {
  return {
    subject: `New vendor sign-up request: ${request.businessName}`,
    paragraphs: [
      `Business: ${request.businessName}`,
      `Contact: ${request.contactName}`,
      `Phone: ${request.phoneNumber}`,
      `E-mail: ${request.email}`,
    ],
  };
}
