import type { FieldCipher } from "../shared/crypto/field-cipher.ts";

/**
 * A link's secret travels in its fragment, never in its path or query
 * (docs/product-rules.md#r37-no-secret-in-a-url-or-a-log): the
 * reset, invitation, resume, quote and opt-out links all do. The outbox stores every link with its
 * fragment hidden (`…#[hidden-1]`) and the fragments encrypted with the field cipher, whose key is
 * never in the database or a backup; the worker puts them back as it sends (deliver-outbox.ts).
 * Hiding every fragment, not a list of known links, covers a new kind of mail by construction.
 * Without the cipher a fragment is hidden for good: a mail queued that way carries no working
 * secret link (its tests would see it), and typed text with a URL never makes a request fail.
 */
const linkFragment = /(https?:\/\/[^\s"'<>#]+)#([^\s"'<>]+)/g;
/** Only behind an address: text that merely looks like a mask gets nothing (hiding masked it too). */
const hiddenFragment = /(https?:\/\/[^\s"'<>#]+)#\[hidden-(\d+)\]/g;

type MailText = { subject: string; html: string; text: string };

/** What the outbox stores of a mail: `linkSecrets` is null when no link carries a fragment (or without the cipher). */
export function hideLinkSecrets<T extends MailText>(
  mail: T,
  cipher: FieldCipher | undefined,
): T & { linkSecrets: string | null } {
  const secrets: string[] = [];
  const hide = (body: string) =>
    body.replace(linkFragment, (_, address: string, fragment: string) => {
      if (!cipher) return `${address}#[hidden]`;
      const index = secrets.includes(fragment) ? secrets.indexOf(fragment) : secrets.push(fragment) - 1;
      return `${address}#[hidden-${index + 1}]`;
    });
  const hidden = { ...mail, subject: hide(mail.subject), html: hide(mail.html), text: hide(mail.text) };
  return { ...hidden, linkSecrets: cipher && secrets.length > 0 ? cipher.encrypt(JSON.stringify(secrets)) : null };
}

/** The mail as its recipient gets it: each hidden fragment put back. Throws when the key that sealed them is gone. */
export function revealLinkSecrets(mail: MailText & { linkSecrets: string | null }, cipher: FieldCipher): MailText {
  if (!mail.linkSecrets) return { subject: mail.subject, html: mail.html, text: mail.text };
  const secrets = JSON.parse(cipher.decrypt(mail.linkSecrets)) as string[];
  const reveal = (body: string) =>
    body.replace(hiddenFragment, (whole, address: string, n: string) =>
      secrets[Number(n) - 1] === undefined ? whole : `${address}#${secrets[Number(n) - 1]}`,
    );
  return { subject: reveal(mail.subject), html: reveal(mail.html), text: reveal(mail.text) };
}
