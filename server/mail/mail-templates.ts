import { escapeHtml } from "../shared/escape-html.ts";
import type { OutgoingMail } from "./enqueue-mail.ts";

type MailLink = { label: string; url: string };

/**
 * A plain, accessible mail: a heading, paragraphs and an optional call-to-action link; an
 * optional footer in small print (why the mail came and how to stop it, with its link).
 */
export function simpleMail(input: {
  to: string;
  subject: string;
  paragraphs: string[];
  action?: MailLink;
  product: string;
  footer?: { paragraphs: string[]; link?: MailLink };
}): OutgoingMail {
  const { to, subject, paragraphs, action, product, footer } = input;
  const small = `<p style="color:#6b7280;font-size:12px">`;
  const html = [
    `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1f2937">`,
    `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    action ? `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>` : "",
    `${small}${escapeHtml(product)}</p>`,
    ...(footer?.paragraphs ?? []).map((p) => `${small}${escapeHtml(p)}</p>`),
    footer?.link ? `${small}<a href="${escapeHtml(footer.link.url)}">${escapeHtml(footer.link.label)}</a></p>` : "",
    `</body></html>`,
  ].join("");
  const text = [
    ...paragraphs,
    action ? `${action.label}: ${action.url}` : "",
    product,
    ...(footer?.paragraphs ?? []),
    footer?.link ? `${footer.link.label}: ${footer.link.url}` : "",
  ]
    .filter(Boolean)
    .join("\n\n");
  return { to, subject, html, text };
}
