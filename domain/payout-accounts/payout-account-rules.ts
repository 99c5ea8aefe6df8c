import type { PayoutAccountStatus } from "./payout-account-shapes.ts";

// How a payout account change is confirmed (docs/product-rules.md#r59-payout-accounts): the second
// factor's limits, and what the portal and the back office say of an account.

/** Digits of a mailed confirmation code. */
export const payoutCodeLength = 6;
/** A mailed code works this many minutes. */
export const payoutCodeMinutes = 10;
/** Wrong codes (mailed or from the authenticator app) an entry takes; the last one cancels it. */
export const payoutCodeTries = 5;
/** Codes one user is mailed in an hour (each entry and each new code counts). */
export const payoutCodesPerHour = 3;
/** Accounts a company may enter in a day (each replaces the one waiting before it). */
export const payoutEntriesPerCompanyPerDay = 10;

/** Four bullets and the last four digits: all a screen, a mail or a log ever shows of an account number. */
export const maskedAccountNumber = (last4: string) => `••••${last4}`;

/** The account's type as the dealer reads it. */
export const bankAccountTypeLabels = { checking: "Checking", savings: "Savings" } as const;

/** What an account's status says (the cooling-off's end already written out in the business time zone). */
export function payoutAccountStatusText(status: PayoutAccountStatus, heldUntil: string | null): string {
  switch (status) {
    case "awaiting-confirmation":
      return "Waiting for your confirmation";
    case "active":
      return heldUntil ? `Payouts held until ${heldUntil}` : "Active";
    case "replaced":
      return "Replaced";
    case "cancelled":
      return "Cancelled";
  }
}

export const payoutAccountMessages = {
  routingRequired: "Enter the 9-digit routing number from a check of the account.",
  routingInvalid: "That routing number is not valid: check its 9 digits.",
  accountNumber: "Enter the account number: 4 to 17 digits.",
  accountNumbersDiffer: "The account numbers do not match.",
  holderName: "Enter the name on the account.",
  accountType: "Choose checking or savings.",
  codeInvalid: `Enter the ${payoutCodeLength}-digit code.`,
  codeWrong: (triesLeft: number) =>
    `That code is not right. You can try ${triesLeft} more ${triesLeft === 1 ? "time" : "times"}.`,
  codeUsedUp:
    "That code was wrong too many times, so we cancelled this change. Your payout account is as it was: enter the new account again to start over.",
  codeExpired: "That code has expired. Ask for a new code.",
  nothingWaiting: "No payout account is waiting for confirmation.",
  notYourEntry: "Only the dealer admin who entered this account can confirm it. You can cancel it or enter another.",
  noMailedCode: "You confirm with the code from your authenticator app: no code is mailed.",
  tooManyCodes: (minutes: number) =>
    `We have sent you several codes in the last hour. Use the code in your latest e-mail, or ask again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
  tooManyEntries: "Your company has entered several payout accounts today. Try again tomorrow, or call us.",
} as const;
