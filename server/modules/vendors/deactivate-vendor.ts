import { and, eq } from "drizzle-orm";
import { authRoles } from "#domain/auth/roles.ts";
import type { Database } from "../../db/client.ts";
import { session, user } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { recordAudit } from "../audit/record-audit.ts";

/** Bans a vendor user (sign-in is refused) and ends their sessions; audited. */
export async function deactivateVendor(db: Database, actorId: string, userId: string): Promise<void> {
  const [target] = await db
    .update(user)
    .set({ banned: true, banReason: "Deactivated by staff" })
    .where(and(eq(user.id, userId), eq(user.role, authRoles.vendor)))
    .returning({ id: user.id });
  if (!target) throw new AppError("NOT_FOUND", "Not found.");
  await db.delete(session).where(eq(session.userId, target.id));
  await recordAudit(db, { action: "account.deactivated", actorUserId: actorId, subject: target.id });
}
