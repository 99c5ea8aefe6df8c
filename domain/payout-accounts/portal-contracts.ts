import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";
import { bankAccountTypes, payoutAccountStatuses } from "./payout-account-shapes.ts";
import { payoutAccountMessages as messages, payoutCodeLength } from "./payout-account-rules.ts";
import { isValidRoutingNumber, routingNumberPattern } from "./routing-number.ts";

// A dealer's payout account, kept by its dealer admins in the portal (docs/product-rules.md#r59-payout-accounts):
// entered, confirmed by a second factor, held for the cooling-off period. The account number goes in once,
// encrypted; every answer shows its last four digits only.

const digitsOnly = /^\d+$/;

/** The entry form's schema, the same on the form and the route. */
export const payoutAccountEntry = z
  .object({
    holderName: z.string().check(z.trim(), z.minLength(1, messages.holderName), z.maxLength(60, messages.holderName)),
    routingNumber: z
      .string()
      .check(
        z.trim(),
        z.regex(routingNumberPattern, messages.routingRequired),
        z.refine(isValidRoutingNumber, messages.routingInvalid),
      ),
    accountNumber: z
      .string()
      .check(
        z.trim(),
        z.minLength(4, messages.accountNumber),
        z.maxLength(17, messages.accountNumber),
        z.regex(digitsOnly, messages.accountNumber),
      ),
    accountNumberAgain: z.string().check(z.trim(), z.maxLength(17, messages.accountNumbersDiffer)),
    accountType: z.enum(bankAccountTypes, messages.accountType),
  })
  .check(
    z.refine((entry) => entry.accountNumber === entry.accountNumberAgain, {
      error: messages.accountNumbersDiffer,
      path: ["accountNumberAgain"],
    }),
  );
export type PayoutAccountEntry = z.infer<typeof payoutAccountEntry>;

/** A confirmation code: mailed, or from the user's authenticator app. */
export const payoutConfirmation = z.object({
  code: z.string().check(z.trim(), z.regex(new RegExp(`^\\d{${payoutCodeLength}}$`), messages.codeInvalid)),
});
export type PayoutConfirmation = z.infer<typeof payoutConfirmation>;

/** One account as anyone may read it: the account number masked, never more. */
export const payoutAccountView = z.object({
  id: z.string(),
  holderName: z.string(),
  routingNumber: z.string(),
  /** "••••1234". */
  accountNumberMasked: z.string(),
  accountType: z.enum(bankAccountTypes),
  status: z.enum(payoutAccountStatuses),
  /** "Active", "Payouts held until ...", "Waiting for your confirmation", "Replaced", "Cancelled". */
  statusText: z.string(),
  enteredAt: z.string(),
  enteredBy: z.string(),
  confirmedAt: z.nullable(z.string()),
  confirmedBy: z.nullable(z.string()),
  usableFrom: z.nullable(z.string()),
  /** The cooling-off's end in the business time zone, while it has not passed. */
  heldUntil: z.nullable(z.string()),
  endedAt: z.nullable(z.string()),
});
export type PayoutAccountView = z.infer<typeof payoutAccountView>;

/** How the signed-in dealer admin confirms: the authenticator app (two-factor on), or a code mailed to their login address. */
export const payoutFactors = ["totp", "mail"] as const;
export type PayoutFactor = (typeof payoutFactors)[number];

export const payoutAccountPage = z.object({
  /** The active account (held or not), or null. */
  current: z.nullable(payoutAccountView),
  /** The account entered and not yet confirmed, or null. */
  awaiting: z.nullable(payoutAccountView),
  /** Whether the awaiting account is the signed-in user's to confirm. */
  awaitingIsMine: z.boolean(),
  factor: z.enum(payoutFactors),
  coolingOffBusinessDays: z.number(),
  /** Every account the company entered, newest first (at most 50). */
  history: z.array(payoutAccountView),
});
export type PayoutAccountPage = z.infer<typeof payoutAccountPage>;

const codeSent = z.object({
  /** Where the code went, masked ("d•••@dealer.example"); null when the authenticator app confirms. */
  sentTo: z.nullable(z.string()),
  expiresInMinutes: z.nullable(z.number()),
});

export const getPayoutAccount = endpoint({
  method: "GET",
  path: "/api/portal/payout-account",
  audience: "dealer-admin",
  summary: "The company's payout account (masked), the one waiting for confirmation and their history (dealer admins)",
  tags: ["portal"],
  responses: { 200: payoutAccountPage },
  errors: ["FORBIDDEN"],
});

export const enterPayoutAccount = endpoint({
  method: "POST",
  path: "/api/portal/payout-account",
  audience: "dealer-admin",
  summary:
    "Enter a new payout account: it waits for the entering admin's second factor (a code mailed to their login address, or their authenticator app) and replaces any account still waiting (dealer admins; audited)",
  tags: ["portal"],
  body: payoutAccountEntry,
  responses: { 201: z.object({ awaiting: payoutAccountView, factor: z.enum(payoutFactors), ...codeSent.shape }) },
  errors: ["FORBIDDEN", "RATE_LIMITED"],
});

export const sendPayoutAccountCode = endpoint({
  method: "POST",
  path: "/api/portal/payout-account/code",
  audience: "dealer-admin",
  summary:
    "Mail a new confirmation code for the account the user entered (3 codes an hour; not for a user with an authenticator app)",
  tags: ["portal"],
  responses: { 200: codeSent },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT", "RATE_LIMITED"],
});

export const confirmPayoutAccount = endpoint({
  method: "POST",
  path: "/api/portal/payout-account/confirm",
  audience: "dealer-admin",
  summary:
    "Confirm the entered account with the second factor: it becomes the company's account, held for the cooling-off period; every dealer admin and the credit team are mailed (5 wrong codes cancel the entry; audited)",
  tags: ["portal"],
  body: payoutConfirmation,
  responses: { 200: z.object({ account: payoutAccountView }) },
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT", "GONE", "RATE_LIMITED"],
});

export const cancelPayoutAccount = endpoint({
  method: "POST",
  path: "/api/portal/payout-account/cancel",
  audience: "dealer-admin",
  summary: "Cancel the account waiting for confirmation; the current account stays (dealer admins; audited)",
  tags: ["portal"],
  responses: { 200: z.object({ ok: z.literal(true) }) },
  errors: ["FORBIDDEN", "NOT_FOUND"],
});
