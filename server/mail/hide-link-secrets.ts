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
 *
 * A secret that is not a link (the applicant's one-time code) is named by the mail's `secrets`:
 * each of its occurrences is hidden as `[hidden-text-n]` and kept encrypted the same way. Only a
 * mail that names secrets gets them put back, so typed text that looks like a mask gets nothing.
 */
const linkFragment = /(https?:\/\/[^\s"'<>#]+)#([^\s"'<>]+)/g;
/** Only behind an address: text that merely looks like a mask gets nothing (hiding masked it too). */
const hiddenFragment = /(https?:\/\/[^\s"'<>#]+)#\[hidden-(\d+)\]/g;

const hiddenText = /\[hidden-text-(\d+)\]/g;

type MailText = { subject: string; html: string; text: string };
/** What `link_secrets` decrypts to: the links' fragments (an array, as before texts existed), or both lists. */
type StoredSecrets = string[] | { links: string[]; texts: string[] };

/** What the outbox stores of a mail: `linkSecrets` is null when no link carries a fragment and no secret is named (or without the cipher). */
export function hideLinkSecrets<T extends MailText & { secrets?: readonly string[] }>(
  mail: T,
  cipher: FieldCipher | undefined,
): Omit<T, "secrets"> & { linkSecrets: string | null } {
  const { secrets: texts = [], ...rest } = mail;
  const links: string[] = [];
  const hide = (body: string) =>
    texts.reduce(
      (hidden, secret, index) => (secret === "" ? hidden : hidden.split(secret).join(`[hidden-text-${index + 1}]`)),
      body.replace(linkFragment, (_, address: string, fragment: string) => {
        if (!cipher) return `${address}#[hidden]`;
        const index = links.includes(fragment) ? links.indexOf(fragment) : links.push(fragment) - 1;
        return `${address}#[hidden-${index + 1}]`;
      }),
    );
  const hidden = { ...rest, subject: hide(mail.subject), html: hide(mail.html), text: hide(mail.text) };
  const stored: StoredSecrets | null =
    texts.length > 0 ? { links, texts: [...texts] } : links.length > 0 ? links : null;
  return { ...hidden, linkSecrets: cipher && stored ? cipher.encrypt(JSON.stringify(stored)) : null };
}

/** The mail as its recipient gets it: each hidden fragment and named secret put back. Throws when the key that sealed them is gone. */
export function revealLinkSecrets(mail: MailText & { linkSecrets: string | null }, cipher: FieldCipher): MailText {
  if (!mail.linkSecrets) return { subject: mail.subject, html: mail.html, text: mail.text };
  const stored = JSON.parse(cipher.decrypt(mail.linkSecrets)) as StoredSecrets;
  const { links, texts } = Array.isArray(stored) ? { links: stored, texts: [] } : stored;
  const reveal = (body: string) =>
    body
      .replace(hiddenFragment, (whole, address: string, n: string) =>
        links[Number(n) - 1] === undefined ? whole : `${address}#${links[Number(n) - 1]}`,
      )
      .replace(hiddenText, (whole, n: string) => texts[Number(n) - 1] ?? whole);
  return { subject: reveal(mail.subject), html: reveal(mail.html), text: reveal(mail.text) };
}
