import { and, eq, inArray } from "drizzle-orm";
import { authRoles } from "#domain/auth/roles.ts";
import type { Database, Transaction } from "../db/client.ts";
import { user } from "../auth/tables.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { endSignIns } from "../auth/end-sign-ins.ts";
import { revokeCreatedCredentials } from "./revoke-created-credentials.ts";

/** Who deactivates: an admin in the back office, or the operator command (no user). */
export type Deactivator = { userId: string | null; ipAddress?: string };

/**
 * Deactivates a user of one of `roles` (off-boarding): banned, so sign-in is refused; signed out
 * everywhere, trusted devices and pending reset or invitation links included; the API keys and
 * webhook endpoints they created revoked and disabled. Audited. Nobody deactivates themselves, and
 * one admin always stays active (the admins' rows are locked while that is checked).
 */
export async function deactivateUser(
  db: Database,
  by: Deactivator,
  userId: string,
  roles: readonly string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: user.id, role: user.role })
      .from(user)
      .where(and(eq(user.id, userId), inArray(user.role, [...roles])));
    if (!target) throw new AppError("NOT_FOUND", "Not found.");
    if (target.id === by.userId) throw new AppError("CONFLICT", "You cannot deactivate your own account.");
    if (target.role === authRoles.admin) {
      // Every admin row, locked in one order: two admins deactivating each other at once wait for
      // each other instead of deadlocking, and the second then sees that it was deactivated itself.
      const admins = await tx
        .select({ id: user.id, banned: user.banned })
        .from(user)
        .where(eq(user.role, authRoles.admin))
        .orderBy(user.id)
        .for("update");
      if (by.userId && admins.some((admin) => admin.id === by.userId && admin.banned))
        throw new AppError("FORBIDDEN", "Your account was deactivated.");
      if (!admins.some((admin) => admin.id !== target.id && !admin.banned))
        throw new AppError("CONFLICT", "This is the only active admin: make another admin first.");
    }
    await endAccess(tx, by, target);
  });
}

/**
 * What deactivating a user does, in the caller's transaction once it decided who may: sign-in
 * refused, signed out everywhere, the keys and endpoints they created revoked, audited.
 */
export async function endAccess(
  tx: Transaction,
  by: Deactivator,
  target: { id: string; role: string; dealerRole?: string | null },
): Promise<void> {
  await tx.update(user).set({ banned: true, banReason: "Deactivated" }).where(eq(user.id, target.id));
  await endSignIns(tx, target.id);
  await revokeCreatedCredentials(tx, target.id, { actorUserId: by.userId, reason: "account.deactivated" });
  await recordAudit(tx, {
    action: "account.deactivated",
    actorUserId: by.userId,
    subject: target.id,
    ipAddress: by.ipAddress,
    details: { role: target.role, ...(target.dealerRole ? { dealerRole: target.dealerRole } : {}) },
  });
}
