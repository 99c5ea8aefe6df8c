import * as z from "zod/mini";
import { usPhonePattern } from "./us-phone.ts";

// Field rules shared by forms and routes. zod/mini keeps what the browser loads small
// (docs/decisions/0011-zod-mini-and-schema-form.md).

export const requiredText = (message: string, max = 200) =>
  z.string().check(z.trim(), z.minLength(1, message), z.maxLength(max, `Please use at most ${max} characters.`));

export const optionalText = (max = 200) =>
  z.string().check(z.trim(), z.maxLength(max, `Please use at most ${max} characters.`));

export const emailAddress = (message = "Please enter a valid e-mail address.") =>
  z.pipe(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, message)), z.email(message));

export const optionalEmail = (message = "Please enter a valid e-mail address.") =>
  z.union([z.literal(""), emailAddress(message)], { error: message });

export const usPhone = (message = "Please enter a phone number as (###) ###-####.") =>
  z.string().check(z.trim(), z.regex(usPhonePattern, message));

export const optionalUsPhone = (message = "Please enter a phone number as (###) ###-####.") =>
  z.string().check(
    z.trim(),
    z.refine((value) => value === "" || usPhonePattern.test(value), message),
  );

export const zipCode = (message = "Please enter a 5-digit ZIP code.") =>
  z.string().check(z.trim(), z.regex(/^\d{5}$/, message));

export const usState = (message = "Please choose a state.") => z.string().check(z.regex(/^[A-Z]{2}$/, message));

/** A random key the form makes once, so a double submit stores one record (docs/product-rules.md#r1-leads-never-vanish). */
export const idempotencyKey = z.string().check(z.regex(/^[A-Za-z0-9-]{16,64}$/, "Invalid form key."));

/** Hidden from people; bots fill it. Anything in it refuses the submission. */
export const honeypot = z.optional(z.string().check(z.maxLength(0, "Your submission could not be accepted.")));
