import type { ApplicantStatus } from "#domain/leads/applicant-status.ts";
import type { MailContext } from "../shared/request-context.ts";
import type { OutgoingMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";

/** The opt-out page: the token in the fragment, so it reaches no server log (the page posts it). */
export function statusMailOptOutUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/status-mails/opt-out#${token}`;
}

/**
 * Subject and paragraphs of each status mail: plain language, no number from the application and no
 * text anyone typed (not even the business's name): whoever fills in a form chooses the address it
 * goes to (docs/product-rules.md#r36-applicant-status-mails).
 */
export function applicantStatusWording(
  status: ApplicantStatus,
  product: string,
): { subject: string; paragraphs: string[] } {
  switch (status) {
    case "received":
      return {
        subject: `We received your credit application`,
        paragraphs: [
          `Thank you for applying with ${product}. We received your credit application.`,
          "What happens next: a finance specialist reviews it and contacts you shortly to confirm your information and go over the programs that fit. You do not need to do anything until then.",
          "We will e-mail you again when the application moves forward.",
        ],
      };
    case "approved":
      return {
        subject: `Good news: your financing application is approved`,
        paragraphs: [
          `Your financing application with ${product} has been approved.`,
          "What happens next: we prepare the financing documents. Your finance specialist will go over the terms with you before anything is signed.",
        ],
      };
    case "docs-out":
      return {
        subject: `Your financing documents are on their way`,
        paragraphs: [
          `The financing documents for your application with ${product} have been sent to you.`,
          "What happens next: read them, sign them and send them back. If anything is unclear, ask your finance specialist before you sign.",
        ],
      };
    case "funded":
      return {
        subject: `Your financing is funded`,
        paragraphs: [
          `Your financing with ${product} has been funded: the payment has been made as agreed in your documents.`,
          `Thank you for choosing ${product}.`,
        ],
      };
    case "declined":
      return {
        subject: `An update on your financing application`,
        paragraphs: [
          `We are sorry: we are not able to approve your financing application with ${product} at this time.`,
          "A written notice with the reasons for this decision and your rights will follow by mail.",
        ],
      };
  }
}

/**
 * One status mail, with the footer that says why it came and how to stop it; a deal's mail also links
 * to the applicant's own page (`pageUrl`, its token in the fragment: docs/product-rules.md#r56-the-applicants-page).
 */
export function applicantStatusMail(
  context: Pick<MailContext, "publicUrl" | "product">,
  input: { to: string; status: ApplicantStatus; optOutToken: string; pageUrl?: string },
): OutgoingMail {
  const wording = applicantStatusWording(input.status, context.product);
  return simpleMail({
    to: input.to,
    subject: wording.subject,
    paragraphs: input.pageUrl
      ? [
          ...wording.paragraphs,
          "See where your application stands, and send anything still needed, on your own page. For your privacy we e-mail you a code to open it.",
        ]
      : wording.paragraphs,
    ...(input.pageUrl ? { action: { label: "See your application", url: input.pageUrl } } : {}),
    product: context.product,
    footer: {
      paragraphs: [
        `You get this e-mail because this address was given on a financing application with ${context.product}. We send one when your application arrives and when it moves forward. For your safety we never send Social Security numbers, tax IDs or dates of birth by e-mail.`,
        "To stop these status e-mails, open the link below and confirm. Your application is not affected.",
      ],
      link: { label: "Stop status e-mails", url: statusMailOptOutUrl(context.publicUrl, input.optOutToken) },
    },
  });
}
