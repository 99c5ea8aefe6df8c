import type { OutgoingMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";

/** The mail that lets a vendor staff created choose a password; `validFor` says how long the link works. */
export function invitationMail(
  product: string,
  to: { email: string; name: string },
  url: string,
  validFor: string,
): OutgoingMail {
  return simpleMail({
    to: to.email,
    subject: `You are invited to the ${product} vendor portal`,
    paragraphs: [
      `Hello ${to.name}, the ${product} credit team opened a vendor portal account for you.`,
      `Choose your password with the link below (it works for ${validFor}), then sign in to submit clients and follow your deals.`,
    ],
    action: { label: "Choose my password", url },
    product,
  });
}
