import type { FooterMessageRequest } from "../footer-message-schema.ts";
import { field, leadFields, text, type NewLeadMail } from "../lead-fields.ts";

/** A message from the site's footer form, as the lead page shows it, in order. */
export const footerMessageFields = leadFields({
  nameOfBusiness: field(text, "Business name"),
  nameUser: field(text, "Name"),
  emailUser: field(text, "E-mail"),
  message: field(text, "Message"),
});

export const footerMessageTitle = (message: { nameUser: string; nameOfBusiness: string }) =>
  message.nameOfBusiness ? `${message.nameUser} (${message.nameOfBusiness})` : message.nameUser;

export function newFooterMessageMail(request: FooterMessageRequest): NewLeadMail {
  return {
    subject: `New website message from ${request.nameUser}`,
    paragraphs: [
      `Name: ${request.nameUser}`,
      `Business: ${request.nameOfBusiness || "(not given)"}`,
      `E-mail: ${request.emailUser}`,
      `Message: ${request.subjectUser}`,
    ],
  };
}
