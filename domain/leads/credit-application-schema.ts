import * as z from "zod/mini";
import { vendorSlugField } from "../vendors/vendor-slug.ts";
import {
  emailAddress,
  honeypot,
  idempotencyKey,
  optionalEmail,
  optionalText,
  optionalUsPhone,
  requiredText,
  usPhone,
  usState,
  zipCode,
} from "../forms/fields.ts";
import { parseMoney } from "../pricing/money-format.ts";

export const creditApplicationFailure = "Please complete all requested information";

/** Formats a Social Security number as it is typed: ###-##-####. */
export function formatSsn(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, 9);
  if (digits.length < 4) return digits;
  if (digits.length < 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
}

/** Formats a federal tax id (EIN) as it is typed: ##-#######. */
export function formatEin(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, 9);
  return digits.length < 3 ? digits : `${digits.slice(0, 2)}-${digits.slice(2)}`;
}

const ssn = z
  .string()
  .check(z.trim(), z.regex(/^\d{3}-\d{2}-\d{4}$/, "Please enter the Social Security number as ###-##-####."));
const ein = z.string().check(z.trim(), z.regex(/^(\d{2}-\d{7})?$/, "Please enter the federal tax ID as ##-#######."));
const ownership = z.string().check(
  z.trim(),
  z.refine(
    (value) => /^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 100,
    "Please enter an ownership from 1 to 100 percent.",
  ),
);
const optionalMoney = z.string().check(
  z.trim(),
  z.refine((value) => value === "" || (parseMoney(value) ?? -1) >= 0, "Please enter an amount in dollars."),
);
const pastDate = z.string().check(
  z.refine((value) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1900 && date.getTime() <= Date.now();
  }, "Please enter the date the business started."),
);

/** One owner's fields; the second owner's carry the suffix 2 (docs/product-rules.md#r52-forms-check-what-the-spec-checks). */
export const ownerFieldNames = [
  "contactName",
  "contactTitle",
  "ownership",
  "ssn",
  "homeAddress",
  "homeCity",
  "homeState",
  "homeZipcode",
  "homePhoneNumber",
  "homeEmail",
] as const;

const ownerShape = {
  contactName: requiredText("Please enter the owner's name.", 100),
  contactTitle: requiredText("Please enter the owner's title.", 60),
  ownership,
  ssn,
  homeAddress: requiredText("Please enter the home address.", 200),
  homeCity: requiredText("Please enter the city.", 100),
  homeState: usState(),
  homeZipcode: zipCode(),
  homePhoneNumber: usPhone(),
  homeEmail: emailAddress(),
};
const ownerSchema = z.object(ownerShape);

const secondOwnerShape = Object.fromEntries(ownerFieldNames.map((name) => [`${name}2`, z.optional(z.string())])) as {
  [K in (typeof ownerFieldNames)[number] as `${K}2`]: z.ZodMiniOptional<z.ZodMiniString>;
};

/** Every field the visitor types, by the rule it must meet once filled in (the draft schema reuses them). */
export const creditApplicationFieldRules = {
  BusinessName: requiredText("Please enter the business name.", 120),
  FedId: ein,
  businessAddress: requiredText("Please enter the business address.", 200),
  businessCity: requiredText("Please enter the city.", 100),
  businessState: usState(),
  businessZipCode: zipCode(),
  businessPhone: usPhone(),
  businessEmail: emailAddress(),
  businessContact: requiredText("Please enter the contact person.", 100),
  businessAGR: optionalMoney,
  businessStarted: pastDate,
  ...ownerShape,
  VendorName: optionalText(120),
  COE: optionalMoney,
  equipmentDescription: optionalText(500),
  vendorContactName: optionalText(100),
  vendorPhoneNumber: optionalUsPhone(),
  vendorEmail: optionalEmail(),
};

/** The single-purpose token of a saved draft's link (domain/leads/credit-application-draft-schema.ts). */
export const draftToken = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, "This link is not valid."));

/** The credit application (/ApplyNow). The form and POST /api/leads/credit-application share it. */
export const creditApplicationRequest = z
  .object({
    ...creditApplicationFieldRules,
    hasSecondOwner: z.boolean(),
    ...secondOwnerShape,
    acceptCheck: z.literal(true, "Please confirm the statement above to submit your application."),
    vendorSlug: vendorSlugField,
    /** A vendor quote's link token (docs/product-rules.md#r20-quotes-to-customers): marks the quote applied. Never refuses the application: an unknown token is ignored. */
    quoteToken: z.optional(z.string().check(z.maxLength(100, "This quote link is not valid."))),
    idempotencyKey,
    leaveEmpty: honeypot,
    /** Set when the application was resumed from a saved draft: submitting it ends the draft. */
    draftToken: z.optional(draftToken),
  })
  .check(
    z.superRefine((application, ctx) => {
      if (!application.hasSecondOwner) return;
      const second = Object.fromEntries(ownerFieldNames.map((name) => [name, application[`${name}2`] ?? ""]));
      const result = ownerSchema.safeParse(second);
      if (result.success) return;
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: "custom", message: issue.message, path: [`${String(issue.path[0])}2`], input: second });
      }
    }),
  );

export type CreditApplicationRequest = z.infer<typeof creditApplicationRequest>;
export type CreditApplicationInput = z.input<typeof creditApplicationRequest>;
export type OwnerFields = z.infer<typeof ownerSchema>;

/** The second owner's fields, without the suffix; null when there is none. */
export function secondOwner(application: CreditApplicationRequest): OwnerFields | null {
  if (!application.hasSecondOwner) return null;
  return ownerSchema.parse(Object.fromEntries(ownerFieldNames.map((name) => [name, application[`${name}2`] ?? ""])));
}

export function firstOwner(application: CreditApplicationRequest): OwnerFields {
  return Object.fromEntries(ownerFieldNames.map((name) => [name, application[name]])) as OwnerFields;
}
