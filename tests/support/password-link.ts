import { expect } from "vitest";
import { passwordLinkToken } from "#domain/auth/password-link.ts";

/**
 * The reset or invitation link of a mail (its text, HTML or whole message) and its token. Fails
 * unless every such link carries the token in its fragment only, and the token appears nowhere
 * else in the mail: never in a path or a query string (docs/product-rules.md#r37-no-secret-in-a-url-or-a-log).
 */
export function passwordLinkIn(mail: string): { link: string; token: string } {
  const links = [...mail.matchAll(/https?:\/\/[^\s"<>]*reset-password[^\s"<>]*/g)].map((match) =>
    match[0].replace(/&amp;/g, "&"),
  );
  expect(links.length, mail).toBeGreaterThan(0);
  const [link] = links;
  expect(new Set(links)).toEqual(new Set([link]));
  const url = new URL(link!);
  expect(url.pathname).toBe("/reset-password");
  expect(url.search).toBe("");
  const token = passwordLinkToken(url.hash);
  expect(token, link).not.toBeNull();
  expect(mail.replaceAll(`#token=${token}`, "")).not.toContain(token);
  return { link: link!, token: token! };
}
