import { dealerRoleValues, type DealerRole } from "#domain/auth/dealer-roles.ts";
import { changeTeamRole, deactivateTeamMember, inviteTeamMember, reassignTeamDeals } from "#domain/team/contracts.ts";
import { ApiError, call } from "../../../lib/call.ts";

/** What the team screen posts to its route's action (field `intent`). */
export const teamIntents = {
  invite: "invite",
  role: "role",
  deactivate: "deactivate",
  reassign: "reassign",
} as const;

export type TeamActionResult =
  { ok: true; intent: keyof typeof teamIntents; message: string } | { ok: false; intent: string; message: string };

const text = (form: FormData, name: string) => String(form.get(name) ?? "");
const role = (form: FormData): DealerRole =>
  (dealerRoleValues as readonly string[]).includes(text(form, "dealerRole"))
    ? (text(form, "dealerRole") as DealerRole)
    : dealerRoleValues[1];

/** The portal team screen's action: invite, change a role, deactivate, or hand one user's deals and quotes to another. */
export async function runTeamAction(form: FormData): Promise<TeamActionResult> {
  const intent = text(form, "intent");
  try {
    switch (intent) {
      case teamIntents.invite: {
        const invited = await call(inviteTeamMember, {
          body: { name: text(form, "name"), email: text(form, "email"), dealerRole: role(form) },
        });
        return { ok: true, intent, message: invited.message };
      }
      case teamIntents.role: {
        const { member } = await call(changeTeamRole, {
          params: { userId: text(form, "userId") },
          body: { dealerRole: role(form) },
        });
        return {
          ok: true,
          intent,
          message: `${member.name} is now ${member.dealerRole === "dealer-admin" ? "a dealer admin" : "a sales rep"}.`,
        };
      }
      case teamIntents.deactivate:
        await call(deactivateTeamMember, { params: { userId: text(form, "userId") } });
        return {
          ok: true,
          intent,
          message: `${text(form, "name")} is deactivated and signed out everywhere. Hand their deals to someone below.`,
        };
      case teamIntents.reassign: {
        const moved = await call(reassignTeamDeals, {
          body: { fromUserId: text(form, "fromUserId"), toUserId: text(form, "toUserId") },
        });
        return {
          ok: true,
          intent,
          message: `Handed over ${moved.deals} deal${moved.deals === 1 ? "" : "s"} and ${moved.quotes} quote${moved.quotes === 1 ? "" : "s"}.`,
        };
      }
      default:
        return { ok: false, intent, message: "That did not work. Please reload the page." };
    }
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, intent, message: `That did not work. ${error.message}` };
    throw error;
  }
}
