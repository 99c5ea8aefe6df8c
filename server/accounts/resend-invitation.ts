import { and, eq } from "drizzle-orm";
import { authRoles } from "#domain/auth/roles.ts";
import type { Database } from "../db/client.ts";
import { user } from "../auth/tables.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { sendInvitation, type InvitationContext } from "../auth/send-invitation.ts";

/**
 * Mails the invitation (a new password-choosing link, valid 7 days) again, to a vendor who has not
 * chosen a password yet. The earlier links stop working: only the newest mail opens the account.
 */
export async function resendInvitation(
  db: Database,
  invitation: InvitationContext,
  actorId: string,
  userId: string,
): Promise<void> {
  const [target] = await db
    .select()
    .from(user)
    .where(and(eq(user.id, userId), eq(user.role, authRoles.vendor)));
  if (!target) throw new AppError("NOT_FOUND", "Not found.");
  if (target.emailVerified) throw new AppError("CONFLICT", "This vendor already chose a password.");
  await sendInvitation(db, invitation, target);
  await recordAudit(db, { action: "account.invitation-resent", actorUserId: actorId, subject: target.id });
}
