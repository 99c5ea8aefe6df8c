import { eq } from "drizzle-orm";
import { twoFactor, user } from "../auth/tables.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { accountEventMail } from "../auth/account-mails.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { endSignIns } from "../auth/end-sign-ins.ts";
import type { OperatorContext } from "./set-password.ts";

/**
 * Removes a user's two-factor enrolment (operator CLI, for a lost phone): the only way to turn it
 * off, since better-auth's own endpoint is not routed. Signs every session out (trusted devices and
 * pending links too), audits it and tells the owner; staff must enrol again before they see
 * customer data. False when no such user exists.
 */
export async function resetTwoFactor(
  { db, brand, publicUrl }: Omit<OperatorContext, "auth">,
  email: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .update(user)
      .set({ twoFactorEnabled: false })
      .where(eq(user.email, email.toLowerCase()))
      .returning({ id: user.id, email: user.email });
    if (!target) return false;
    await tx.delete(twoFactor).where(eq(twoFactor.userId, target.id));
    await endSignIns(tx, target.id);
    await recordAudit(tx, { action: "two-factor.removed", subject: target.id });
    await enqueueMail(tx, accountEventMail(brand, publicUrl, target.email, "two-factor-off"));
    return true;
  });
}
