import { applicantCodeMinutes } from "#domain/applicant-portal/applicant-access.ts";
import type { OutgoingMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";

/**
 * The one-time code that opens the applicant's page (docs/product-rules.md#r56-the-applicants-page). The
 * code is named as the mail's secret, so the outbox, its API, a backup and the log hold it hidden
 * (mail/hide-link-secrets.ts); only the mail that goes out carries it. No other figure, no typed text.
 */
export function applicantCodeMail(input: { to: string; code: string; product: string }): OutgoingMail {
  return {
    ...simpleMail({
      to: input.to,
      subject: "Your code to see your application",
      paragraphs: [
        `Your code is ${input.code}`,
        `Type it on the page where you asked for it. It works for ${applicantCodeMinutes} minutes.`,
        "If you did not ask for a code, you can ignore this e-mail: nobody sees your application without it.",
      ],
      product: input.product,
    }),
    secrets: [input.code],
  };
}
