import * as z from "zod/mini";
import { emailAddress } from "../forms/fields.ts";

export const signInMessages = {
  wrongCredentials: "You either don't have an account, entered the wrong password or email adress.",
  unverified: "verification was sent to your email. Please check your email to proceed with you account",
} as const;

/** The vendor sign-in form; better-auth's /sign-in/email receives the same fields. */
export const signInSchema = z.object({
  email: emailAddress(),
  password: z
    .string()
    .check(z.minLength(1, "Please enter your password."), z.maxLength(128, "Passwords are at most 128 characters.")),
});

export type SignInInput = z.input<typeof signInSchema>;
