import * as z from "zod/mini";
import { emailAddress } from "../forms/fields.ts";

export const passwordResetMessages = {
  sent: "Email has been sent. Please check your email",
  failed: "Please enter an email associated with your account",
  changed: "Your password has been changed. You can sign in now.",
  expired: "This link has expired or was already used. Please ask for a new one.",
} as const;

export const passwordResetRequest = z.object({ email: emailAddress(passwordResetMessages.failed) });

/** Decisions.md 5: 8 to 128 characters, no composition rules. */
export const newPasswordSchema = z
  .object({
    newPassword: z.string().check(z.minLength(8, "Use at least 8 characters."), z.maxLength(128, "Use at most 128 characters.")),
    confirmPassword: z.string(),
  })
  .check(z.refine((value) => value.newPassword === value.confirmPassword, { error: "The two passwords do not match.", path: ["confirmPassword"] }));
