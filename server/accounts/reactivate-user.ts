import { and, eq, inArray } from "drizzle-orm";
import type { Brand } from "#domain/site/brand.ts";
import type { Database } from "../db/client.ts";
import { user } from "../auth/tables.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { accountEventMail } from "../auth/account-mails.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import type { Deactivator } from "./deactivate-user.ts";

/**
 * Lifts a deactivation of a user of one of `roles`: they can sign in again with their password
 * (staff enrol two-factor again if it was reset); audited, and they are told by e-mail. Their
 * revoked keys stay revoked.
 */
export async function reactivateUser(
  db: Database,
  mail: { brand: Brand; publicUrl: string },
  by: Deactivator,
  userId: string,
  roles: readonly string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const [target] = await tx
      .update(user)
      .set({ banned: false, banReason: null, banExpires: null })
      .where(and(eq(user.id, userId), inArray(user.role, [...roles]), eq(user.banned, true)))
      .returning({ id: user.id, email: user.email });
    if (!target) {
      const [existing] = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.id, userId), inArray(user.role, [...roles])));
      throw existing ? new AppError("CONFLICT", "This account is active.") : new AppError("NOT_FOUND", "Not found.");
    }
    await recordAudit(tx, {
      action: "account.reactivated",
      actorUserId: by.userId,
      subject: target.id,
      ipAddress: by.ipAddress,
    });
    await enqueueMail(tx, accountEventMail(mail.brand, mail.publicUrl, target.email, "reactivated"));
  });
}
