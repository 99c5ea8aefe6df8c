import type { OutgoingMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";

/**
 * The mail that lets an invited vendor choose a password; `validFor` says how long the link works.
 * `invitedBy`: the dealer admin who invited them to their company's team, if it was not the credit team.
 */
export function invitationMail(
  product: string,
  to: { email: string; name: string; invitedBy?: string },
  url: string,
  validFor: string,
): OutgoingMail {
  return simpleMail({
    to: to.email,
    subject: `You are invited to the ${product} vendor portal`,
    paragraphs: [
      to.invitedBy
        ? `Hello ${to.name}, ${to.invitedBy} added you to your company's team on the ${product} vendor portal.`
        : `Hello ${to.name}, the ${product} credit team opened a vendor portal account for you.`,
      `Choose your password with the link below (it works for ${validFor}), then sign in to submit clients and follow your deals.`,
    ],
    action: { label: "Choose my password", url },
    product,
  });
}
