import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { linkLifetimes } from "#domain/auth/link-lifetime.ts";
import { passwordLinkUrl } from "#domain/auth/password-link.ts";
import type { DbExecutor } from "../db/client.ts";
import { verification } from "./tables.ts";
import type { Auth } from "./create-auth.ts";
import { invitationMail } from "./invitation-mail.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";

export type InvitationContext = { auth: Auth; cipher: FieldCipher | undefined; publicUrl: string; product: string };

/** Where better-auth keeps its verification rows: its internal adapter (`(await auth.$context).internalAdapter`). */
type VerificationStore = {
  createVerificationValue(data: { value: string; identifier: string; expiresAt: Date }): Promise<unknown>;
};

/**
 * Mails a vendor the link that lets them choose a password, valid for 7 days
 * (docs/product-rules.md#r40-link-and-session-lifetimes).
 * better-auth has one lifetime for reset links (one hour), so the invitation's token is stored
 * here, in the very row better-auth's own request-password-reset writes (`reset-password:<token>`
 * whose value is the user's id, through its adapter), and the link is the one a reset mails
 * (domain/auth/password-link.ts): the vendor then goes through better-auth's unchanged
 * reset-password flow. better-auth stores the row's identifier hashed (create-auth.ts).
 */
export async function sendInvitation(
  db: DbExecutor,
  { auth, ...context }: InvitationContext,
  to: { id: string; email: string; name: string; invitedBy?: string },
): Promise<void> {
  await mailInvitation(db, (await auth.$context).internalAdapter, context, to);
}

/**
 * sendInvitation for createAuth itself, which has its adapter but is not an `Auth` yet. The
 * earlier links of this user stop working: only the newest mail opens the account.
 */
export async function mailInvitation(
  db: DbExecutor,
  store: VerificationStore,
  { cipher, publicUrl, product }: Omit<InvitationContext, "auth">,
  to: { id: string; email: string; name: string; invitedBy?: string },
): Promise<void> {
  const token = randomBytes(18).toString("base64url");
  // Not one transaction: better-auth writes the new link through its own adapter. The identifiers
  // are hashed, so the user's rows are found by their value: a user not yet verified has no session,
  // hence no two-factor rows, and its only verification rows are its password links.
  await db.delete(verification).where(eq(verification.value, to.id));
  await store.createVerificationValue({
    value: to.id,
    identifier: `reset-password:${token}`,
    expiresAt: new Date(Date.now() + linkLifetimes.invitation.seconds * 1000),
  });
  await enqueueMail(
    db,
    invitationMail(product, to, passwordLinkUrl(publicUrl, token), linkLifetimes.invitation.words),
    cipher,
  );
}
