import * as z from "zod/mini";
import { emailAddress } from "../forms/fields.ts";

export const passwordResetMessages = {
  sent: "Email has been sent. Please check your email",
  failed: "Please enter an email associated with your account",
  changed: "Your password has been changed. You can sign in now.",
  expired: "This link has expired or was already used. Please ask for a new one.",
  tooCommon: "This password is too common. Please choose another.",
} as const;

/** docs/product-rules.md#r39-passwords-and-sign-in: 8 to 128 characters, no composition rules; common passwords are refused by the server. */
export const passwordLength = { min: 8, max: 128 } as const;

export const passwordResetRequest = z.object({ email: emailAddress(passwordResetMessages.failed) });

export const newPasswordSchema = z
  .object({
    newPassword: z
      .string()
      .check(
        z.minLength(passwordLength.min, "Use at least 8 characters."),
        z.maxLength(passwordLength.max, "Use at most 128 characters."),
      ),
    confirmPassword: z.string(),
  })
  .check(
    z.refine((value) => value.newPassword === value.confirmPassword, {
      error: "The two passwords do not match.",
      path: ["confirmPassword"],
    }),
  );
