import * as z from "zod/mini";
import { emailAddress, honeypot, idempotencyKey, requiredText, usPhone } from "../forms/fields.ts";

/** The Sign Up dialog on the vendor page (spec: contacts): four fields, all required. */
export const vendorContactRequest = z.object({
  businessName: requiredText("Please enter the business name.", 120),
  contactName: requiredText("Please enter the contact name.", 100),
  phoneNumber: usPhone(),
  email: emailAddress(),
  idempotencyKey,
  leaveEmpty: honeypot,
});

export type VendorContactRequest = z.infer<typeof vendorContactRequest>;

export const vendorContactMessages = {
  success: "Thank you for contacting us!",
  failure: "An error occurred while saving your data.",
} as const;
