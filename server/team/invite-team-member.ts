import { randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { dealerRoleLabels } from "#domain/auth/dealer-roles.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { teamMessages, type InviteTeamMemberRequest, type TeamMember } from "#domain/team/contracts.ts";
import type { Database } from "../db/client.ts";
import { user } from "../auth/tables.ts";
import { AppError } from "../shared/errors.ts";
import { createAccount } from "../accounts/create-account.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { sendInvitation, type InvitationContext } from "../auth/send-invitation.ts";
import type { MailContext } from "../shared/request-context.ts";
import type { VendorScope } from "../shared/vendor-scope.ts";
import { tellTeam } from "./tell-team.ts";

/** Invitations a company may send in a day: each is a mail from us to an address a dealer typed. */
export const invitationsPerCompanyPerDay = 20;

/**
 * A new user of the scope's company with the role the dealer admin chose, invited by mail to choose
 * a password (the credit team's invitation flow, link in the fragment). Not one transaction:
 * better-auth creates the account through its own adapter, as for staff's invitations.
 */
export async function inviteTeamMember(
  db: Database,
  context: MailContext & { invitation: InvitationContext },
  scope: VendorScope,
  input: InviteTeamMemberRequest,
  ipAddress: string,
): Promise<{ member: TeamMember; message: string }> {
  const email = input.email.toLowerCase();
  const [taken] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (taken) throw new AppError("CONFLICT", teamMessages.emailTaken);
  const [recent] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(user)
    .where(and(eq(user.vendorCompanyId, scope.companyId), gt(user.createdAt, sql`now() - interval '1 day'`)));
  if ((recent?.count ?? 0) >= invitationsPerCompanyPerDay)
    throw new AppError(
      "RATE_LIMITED",
      `Your company can invite ${invitationsPerCompanyPerDay} people a day. Please try again tomorrow.`,
    );
  const created = await createAccount(context.invitation.auth, {
    email,
    name: input.name,
    role: authRoles.vendor,
    // Never used: the new user chooses a password through the invitation link.
    password: randomBytes(24).toString("base64url"),
    emailVerified: false,
    vendorCompanyId: scope.companyId,
    dealerRole: input.dealerRole,
  });
  await sendInvitation(db, context.invitation, { id: created.id, email, name: input.name, invitedBy: scope.email });
  await db.transaction(async (tx) => {
    await recordAudit(tx, {
      action: "team.invited",
      actorUserId: scope.userId,
      subject: created.id,
      ipAddress,
      details: { companyId: scope.companyId, dealerRole: input.dealerRole },
    });
    await tellTeam(tx, context, scope.companyId, {
      subject: `${input.name} was invited to your team`,
      paragraph: `${scope.email} invited ${input.name} (${email}) as ${dealerRoleLabels[input.dealerRole].toLowerCase()}.`,
    });
  });
  return {
    member: {
      id: created.id,
      name: input.name,
      email,
      dealerRole: input.dealerRole,
      verified: false,
      active: true,
      openDeals: 0,
      quotes: 0,
    },
    message: teamMessages.invited(email),
  };
}
