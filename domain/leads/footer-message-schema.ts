import * as z from "zod/mini";
import { emailAddress, honeypot, idempotencyKey, optionalText, requiredText } from "../forms/fields.ts";

/** The footer contact form (spec: messageAdmin). */
export const footerMessageRequest = z.object({
  nameOfBusiness: optionalText(120),
  nameUser: requiredText("Please enter your name.", 100),
  emailUser: emailAddress(),
  subjectUser: requiredText("Please enter your message.", 2000),
  idempotencyKey,
  leaveEmpty: honeypot,
});

export type FooterMessageRequest = z.infer<typeof footerMessageRequest>;

export const footerMessageSent = "Message has been sent.";
export const footerMessageFailed = "We could not send your message. Please try again, or call us.";
