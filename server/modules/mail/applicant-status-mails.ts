import type { ApplicantStatus } from "#domain/leads/applicant-status.ts";
import type { MailContext } from "../leads/store-lead.ts";
import type { OutgoingMail } from "./enqueue-mail.ts";
import { simpleMail } from "./mail-templates.ts";

/** The opt-out page: the token in the fragment, so it reaches no server log (the page posts it). */
export function statusMailOptOutUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/status-mails/opt-out#${token}`;
}

/** Subject and paragraphs of each status mail: plain language, the business's name only, never a number from the application. */
export function applicantStatusWording(status: ApplicantStatus, businessName: string, product: string): { subject: string; paragraphs: string[] } {
  switch (status) {
    case "received":
      return {
        subject: `We received your credit application`,
        paragraphs: [
          `Thank you for applying with ${product}. We received the credit application for ${businessName}.`,
          "What happens next: a finance specialist reviews it and contacts you shortly to confirm your information and go over the programs that fit. You do not need to do anything until then.",
          "We will e-mail you again when the application moves forward.",
        ],
      };
    case "approved":
      return {
        subject: `Good news: the application for ${businessName} is approved`,
        paragraphs: [
          `The financing application for ${businessName} has been approved.`,
          "What happens next: we prepare the financing documents. Your finance specialist will go over the terms with you before anything is signed.",
        ],
      };
    case "docs-out":
      return {
        subject: `Your financing documents are on their way`,
        paragraphs: [
          `The financing documents for ${businessName} have been sent to you.`,
          "What happens next: read them, sign them and send them back. If anything is unclear, ask your finance specialist before you sign.",
        ],
      };
    case "funded":
      return {
        subject: `The financing for ${businessName} is funded`,
        paragraphs: [`The financing for ${businessName} has been funded: the payment has been made as agreed in your documents.`, `Thank you for choosing ${product}.`],
      };
    case "declined":
      return {
        subject: `An update on the application for ${businessName}`,
        paragraphs: [
          `We are sorry: we are not able to approve the financing application for ${businessName} at this time.`,
          "A written notice with the reasons for this decision and your rights will follow by mail.",
        ],
      };
  }
}

/** One status mail, with the footer that says why it came and how to stop it. */
export function applicantStatusMail(context: MailContext, input: { to: string; businessName: string; status: ApplicantStatus; optOutToken: string }): OutgoingMail {
  const wording = applicantStatusWording(input.status, input.businessName, context.product);
  return simpleMail({
    to: input.to,
    ...wording,
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
