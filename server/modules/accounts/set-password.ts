import { eq } from "drizzle-orm";
import type { Brand } from "#domain/site/brand.ts";
import type { Database } from "../../db/client.ts";
import { session } from "../../db/schema.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { accountEventMail } from "../auth/account-mails.ts";
import type { Auth } from "../auth/create-auth.ts";
import { isCommonPassword } from "../auth/common-passwords.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";

export type OperatorContext = { auth: Auth; db: Database; brand: Brand; publicUrl: string };

/**
 * Sets a user's password (operator CLI): refuses a common password, signs every session out,
 * audits it and tells the owner. Returns why it did nothing, or null.
 */
export async function setPassword({ auth, db, brand, publicUrl }: OperatorContext, email: string, password: string): Promise<"no-such-user" | "too-common" | null> {
  if (isCommonPassword(password)) return "too-common";
  const context = await auth.$context;
  const found = await context.internalAdapter.findUserByEmail(email.toLowerCase());
  if (!found) return "no-such-user";
  await context.internalAdapter.updatePassword(found.user.id, await context.password.hash(password));
  await db.delete(session).where(eq(session.userId, found.user.id));
  await recordAudit(db, { action: "password.set-by-operator", subject: found.user.id });
  await enqueueMail(db, accountEventMail(brand, publicUrl, found.user.email, "password-set-by-operator"));
  return null;
}
