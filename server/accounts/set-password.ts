import type { Brand } from "#domain/site/brand.ts";
import type { Database } from "../db/client.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { accountEventMail } from "../auth/account-mails.ts";
import type { Auth } from "../auth/create-auth.ts";
import { isCommonPassword } from "../auth/common-passwords.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { endSignIns } from "../auth/end-sign-ins.ts";
import { revokeCreatedCredentials } from "./revoke-created-credentials.ts";

export type OperatorContext = { auth: Auth; db: Database; brand: Brand; publicUrl: string };

/**
 * Sets a user's password (operator CLI): refuses a common password, signs every session out
 * (trusted devices and pending links too), revokes the API keys and disables the webhook endpoints
 * the user created, audits it and tells the owner what was revoked. Returns why it did nothing, or null.
 */
export async function setPassword(
  { auth, db, brand, publicUrl }: OperatorContext,
  email: string,
  password: string,
): Promise<"no-such-user" | "too-common" | null> {
  if (isCommonPassword(password)) return "too-common";
  const context = await auth.$context;
  const found = await context.internalAdapter.findUserByEmail(email.toLowerCase());
  if (!found) return "no-such-user";
  await context.internalAdapter.updatePassword(found.user.id, await context.password.hash(password));
  await db.transaction(async (tx) => {
    await endSignIns(tx, found.user.id);
    const revoked = await revokeCreatedCredentials(tx, found.user.id, {
      actorUserId: null,
      reason: "password.set-by-operator",
    });
    await recordAudit(tx, { action: "password.set-by-operator", subject: found.user.id });
    await enqueueMail(tx, accountEventMail(brand, publicUrl, found.user.email, "password-set-by-operator", revoked));
  });
  return null;
}
