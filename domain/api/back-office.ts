import * as z from "zod/mini";
import { emailAddress } from "../forms/fields.ts";

export const vendorSignUpMessages = {
  sent: "verification was sent - Please ask new user to check email and click the link sent from Increase Team!",
  closeWindow: "Please make sure to close this window when you are finished!",
} as const;

/** /VendorSignUp (decisions.md 5): staff never choose the vendor's password. */
export const vendorSignUpRequest = z.object({
  firstName: z.string().check(z.trim(), z.minLength(1, "Please enter the first name."), z.maxLength(60)),
  companyId: z.string().check(z.regex(/^\d{6}$/, "The company ID has 6 digits.")),
  companyEmail: emailAddress(),
  companyName: z.string().check(z.trim(), z.maxLength(120)),
  companyAlreadyInSystem: z.boolean(),
});

export const vendorListResponse = z.object({
  companies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      companyCode: z.string(),
      users: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), verified: z.boolean(), active: z.boolean() })),
    }),
  ),
});
