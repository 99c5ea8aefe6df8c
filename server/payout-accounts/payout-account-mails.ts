import {
  bankAccountTypeLabels,
  maskedAccountNumber,
  payoutCodeMinutes,
} from "#domain/payout-accounts/payout-account-rules.ts";
import type { BankAccountType } from "#domain/payout-accounts/payout-account-shapes.ts";
import type { OutgoingMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";

// The payout account's mails (docs/product-rules.md#r59-payout-accounts). None carries more of an account
// number than its last four digits; the confirmation code is the mail's secret, so the outbox, its API, a
// backup and the log hold it hidden (mail/hide-link-secrets.ts) and only the mail that goes out carries it.

export function payoutCodeMail(input: { to: string; code: string; product: string }): OutgoingMail {
  return {
    ...simpleMail({
      to: input.to,
      subject: "Your code to confirm a payout account change",
      paragraphs: [
        `Your code is ${input.code}`,
        `Type it on the payout account page of the vendor portal. It works for ${payoutCodeMinutes} minutes.`,
        "Never give this code to anyone, even someone who says they are from us: it confirms where your company's payouts go. If you did not enter a new payout account, do not use it, and call us.",
      ],
      product: input.product,
    }),
    secrets: [input.code],
  };
}

export type AccountChange = {
  companyName: string;
  changedBy: { name: string; email: string };
  /** When it was confirmed, in the business time zone. */
  when: string;
  account: { holderName: string; routingNumber: string; last4: string; accountType: BankAccountType };
  replaced: { routingNumber: string; last4: string } | null;
  /** The cooling-off's end, in the business time zone. */
  heldUntil: string;
  phone: string;
  product: string;
};

function changeParagraphs(change: AccountChange): string[] {
  const { account } = change;
  return [
    `${change.changedBy.name} (${change.changedBy.email}) changed ${change.companyName}'s payout account on ${change.when}.`,
    `New account: ${bankAccountTypeLabels[account.accountType].toLowerCase()} account ${maskedAccountNumber(account.last4)} at routing number ${account.routingNumber}, in the name of ${account.holderName}.` +
      (change.replaced
        ? ` It replaces the account ${maskedAccountNumber(change.replaced.last4)} at routing number ${change.replaced.routingNumber}.`
        : ""),
    `Payouts are held until ${change.heldUntil}. If you did not make this change, call us at ${change.phone} at once.`,
  ];
}

/** To each dealer admin of the company: a change they did not make is caught while payouts are held. */
export function accountChangedMail(to: string, change: AccountChange, portalUrl: string): OutgoingMail {
  return simpleMail({
    to,
    subject: `${change.companyName}: your payout account was changed`,
    paragraphs: changeParagraphs(change),
    action: { label: "See your payout account", url: portalUrl },
    product: change.product,
  });
}

/** To the credit team: who watch for a change the dealer did not make. */
export function creditTeamAccountChangedMail(to: string, change: AccountChange, backOfficeUrl: string): OutgoingMail {
  return simpleMail({
    to,
    subject: `Payout account changed: ${change.companyName}`,
    paragraphs: [
      ...changeParagraphs(change).slice(0, 2),
      `Payouts to ${change.companyName} are held until ${change.heldUntil}. Every dealer admin of the company was mailed.`,
    ],
    action: { label: "Open the payout account in the back office", url: backOfficeUrl },
    product: change.product,
  });
}
