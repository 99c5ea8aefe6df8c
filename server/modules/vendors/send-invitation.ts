import { randomBytes } from "node:crypto";
import type { AuthContext } from "better-auth";
import { linkLifetimes } from "#domain/auth/link-lifetime.ts";
import { passwordLinkUrl } from "#domain/auth/password-link.ts";
import type { DbExecutor } from "../../db/client.ts";
import { invitationMail } from "../auth/invitation-mail.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";

export type InvitationContext = { auth: { $context: Promise<AuthContext> }; publicUrl: string; product: string };

/**
 * Mails a vendor the link that lets them choose a password, valid for 7 days (decisions.md 11).
 * better-auth has one lifetime for reset links (one hour), so the invitation's token is stored
 * here, in the very row better-auth's own request-password-reset writes (`reset-password:<token>`
 * whose value is the user's id, through its adapter), and the link is the one a reset mails
 * (domain/auth/password-link.ts): the vendor then goes through better-auth's unchanged
 * reset-password flow.
 */
export async function sendInvitation(db: DbExecutor, { auth, publicUrl, product }: InvitationContext, to: { id: string; email: string; name: string }): Promise<void> {
  const context = await auth.$context;
  const token = randomBytes(18).toString("base64url");
  await context.internalAdapter.createVerificationValue({
    value: to.id,
    identifier: `reset-password:${token}`,
    expiresAt: new Date(Date.now() + linkLifetimes.invitation.seconds * 1000),
  });
  await enqueueMail(db, invitationMail(product, to, passwordLinkUrl(publicUrl, token), linkLifetimes.invitation.words));
}
