import { dictionary } from "@zxcvbn-ts/language-common";
import { passwordLength } from "#domain/auth/password-reset-schema.ts";

let common: Set<string> | undefined;

/**
 * Whether a password is one of the most common passwords seen in breaches (the list zxcvbn ships,
 * about 18,000 of at least 8 characters), case-insensitively. No network call (ASVS V6.2).
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].filter((entry) => entry.length >= passwordLength.min));
  return common.has(password.toLowerCase());
}
