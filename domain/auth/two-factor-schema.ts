import * as z from "zod/mini";
import { passwordLength } from "./password-reset-schema.ts";

export const twoFactorSetupMessages = {
  wrongPassword: "That password is not right.",
  invalidCode: "That code is not valid. Please try the current code.",
} as const;

/** Starting two-factor enrolment: the password again (better-auth's /two-factor/enable receives it). */
export const twoFactorEnableRequest = z.object({
  password: z
    .string()
    .check(
      z.minLength(1, twoFactorSetupMessages.wrongPassword),
      z.maxLength(passwordLength.max, twoFactorSetupMessages.wrongPassword),
    ),
});

/** A code from the authenticator app: six digits (spaces around it ignored), and nothing else (never trustDevice). */
export const totpCodeRequest = z.strictObject({
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/, twoFactorSetupMessages.invalidCode)),
});
