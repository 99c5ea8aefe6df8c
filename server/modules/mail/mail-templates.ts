import { escapeHtml } from "../../escape-html.ts";
import type { OutgoingMail } from "./enqueue-mail.ts";

/** A plain, accessible mail: a heading, paragraphs and an optional call-to-action link. */
export function simpleMail(input: { to: string; subject: string; paragraphs: string[]; action?: { label: string; url: string }; product: string }): OutgoingMail {
  const { to, subject, paragraphs, action, product } = input;
  const html = [
    `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1f2937">`,
    `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    action ? `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>` : "",
    `<p style="color:#6b7280;font-size:12px">${escapeHtml(product)}</p>`,
    `</body></html>`,
  ].join("");
  const text = [...paragraphs, action ? `${action.label}: ${action.url}` : "", product].filter(Boolean).join("\n\n");
  return { to, subject, html, text };
}
