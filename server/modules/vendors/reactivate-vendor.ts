import { and, eq } from "drizzle-orm";
import type { Brand } from "#domain/site/brand.ts";
import { authRoles } from "#domain/auth/roles.ts";
import type { Database } from "../../db/client.ts";
import { user } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { accountEventMail } from "../auth/account-mails.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";

/** Lifts a vendor user's deactivation: they can sign in again with their password; audited, and they are told by e-mail. */
export async function reactivateVendor(db: Database, mail: { brand: Brand; publicUrl: string }, actorId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [target] = await tx
      .update(user)
      .set({ banned: false, banReason: null, banExpires: null })
      .where(and(eq(user.id, userId), eq(user.role, authRoles.vendor), eq(user.banned, true)))
      .returning({ id: user.id, email: user.email });
    if (!target) {
      const [vendor] = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.id, userId), eq(user.role, authRoles.vendor)));
      throw vendor ? new AppError("CONFLICT", "This vendor is active.") : new AppError("NOT_FOUND", "Not found.");
    }
    await recordAudit(tx, { action: "account.reactivated", actorUserId: actorId, subject: target.id });
    await enqueueMail(tx, accountEventMail(mail.brand, mail.publicUrl, target.email, "reactivated"));
  });
}
