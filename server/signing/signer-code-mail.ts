import { signerCodeMinutes } from "#domain/signing/signer-access.ts";
import type { OutgoingMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";

/**
 * The one-time code that opens a signer's documents (docs/product-rules.md#r57-documents-and-e-signature).
 * The code is named as the mail's secret, so the outbox, its API, a backup and the log hold it hidden
 * (mail/hide-link-secrets.ts); only the mail that goes out carries it. In person, the signer reads it
 * to the dealer's device from their own mailbox.
 */
export function signerCodeMail(input: { to: string; code: string; lender: string; inPerson: boolean }): OutgoingMail {
  return {
    ...simpleMail({
      to: input.to,
      subject: "Your code to sign your documents",
      paragraphs: [
        `Your code is ${input.code}`,
        input.inPerson
          ? `Type it on the device where you are signing in person. It works for ${signerCodeMinutes} minutes.`
          : `Type it on the page where you asked for it. It works for ${signerCodeMinutes} minutes.`,
        "Never share it with anyone who is not with you while you sign. If you did not ask for a code, you can ignore this e-mail: nobody can sign for you without it.",
      ],
      product: input.lender,
    }),
    secrets: [input.code],
  };
}
