import type { Brand } from "#domain/site/brand.ts";
import type { OutgoingMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";

export type RevokedCredentials = { keys: { name: string; prefix: string }[]; endpoints: { url: string }[] };

/** What an account's owner is told when its security changes (ASVS V6): never the secret itself. */
export type AccountEvent =
  | "invitation-used"
  | "password-reset"
  | "password-set-by-operator"
  | "two-factor-on"
  | "two-factor-off"
  | "reactivated";

/** What a reset revoked: each key by name and prefix, each endpoint by address (never a secret). */
function revokedParagraphs(revoked: RevokedCredentials | undefined): string[] {
  if (!revoked) return [];
  const keys = revoked.keys.map((key) => `${key.name} (${key.prefix}…)`);
  const endpoints = revoked.endpoints.map((endpoint) => endpoint.url);
  return [
    ...(keys.length > 0
      ? [
          `The API keys you created were revoked: ${keys.join(", ")}. Create new ones in the portal if you still need them.`,
        ]
      : []),
    ...(endpoints.length > 0
      ? [
          `The webhook endpoints you added were disabled: ${endpoints.join(", ")}. Enable them again in the portal if they are yours.`,
        ]
      : []),
  ];
}

export function accountEventMail(
  brand: Brand,
  publicUrl: string,
  to: string,
  event: AccountEvent,
  revoked?: RevokedCredentials,
): OutgoingMail {
  const notYou = `If this was not you, call ${brand.name} at ${brand.phone} right away.`;
  const signIn = { label: "Sign in", url: `${publicUrl}/VendorLogin` };
  const mail = (subject: string, paragraph: string, action?: { label: string; url: string }) =>
    simpleMail({
      to,
      subject,
      paragraphs: [paragraph, ...revokedParagraphs(revoked), notYou],
      action,
      product: brand.name,
    });
  switch (event) {
    case "invitation-used":
      return mail(
        `Your ${brand.name} account is ready`,
        "Your invitation was used: the password of your account was chosen and you can now sign in.",
        signIn,
      );
    case "password-reset":
      return mail(
        `Your ${brand.name} password was changed`,
        "The password of your account was just reset with a link sent to this address, and every session was signed out.",
        signIn,
      );
    case "password-set-by-operator":
      return mail(
        `Your ${brand.name} password was changed`,
        "An administrator set a new password for your account, and every session was signed out.",
        signIn,
      );
    case "two-factor-on":
      return mail(
        `Two-factor authentication is on for your ${brand.name} account`,
        "Signing in to your account now also asks for a code from your authenticator app.",
      );
    case "reactivated":
      return mail(
        `Your ${brand.name} account is active again`,
        "An administrator reactivated your account: you can sign in again with your password.",
        signIn,
      );
    case "two-factor-off":
      return mail(
        `Two-factor authentication is off for your ${brand.name} account`,
        "An administrator turned off two-factor authentication for your account and signed out every session. Set it up again at your next sign-in.",
      );
  }
}
