import { teamMessages } from "#domain/team/contracts.ts";
import { keepsAnActiveAdmin } from "#domain/team/team-rules.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../shared/errors.ts";
import { endAccess } from "../accounts/deactivate-user.ts";
import type { MailContext } from "../shared/request-context.ts";
import type { VendorScope } from "../shared/vendor-scope.ts";
import { lockCompanySeats } from "./company-seats.ts";
import { tellTeam } from "./tell-team.ts";

/**
 * A dealer admin deactivates a user of their company (docs/product-rules.md#r53-a-dealers-team):
 * signed out everywhere at once, the API keys and webhook endpoints they created revoked, their deals
 * and quotes kept for an admin to hand to someone else. Never oneself; the company keeps an active admin.
 */
export async function deactivateTeamMember(
  db: Database,
  context: MailContext,
  scope: VendorScope,
  userId: string,
  ipAddress: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const seats = await lockCompanySeats(tx, scope.companyId);
    const target = seats.find((seat) => seat.id === userId);
    if (!target) throw new AppError("NOT_FOUND", "Not found.");
    if (target.id === scope.userId) throw new AppError("CONFLICT", teamMessages.notYourself);
    if (!target.active) return;
    if (!keepsAnActiveAdmin(seats, { userId, active: false })) throw new AppError("CONFLICT", teamMessages.lastAdmin);
    await endAccess(tx, { userId: scope.userId, ipAddress }, target);
    await tellTeam(tx, context, scope.companyId, {
      subject: `${target.name} was deactivated`,
      paragraph: `${scope.email} deactivated ${target.name} (${target.email}): signed out everywhere, their API keys revoked. Their deals and quotes stay theirs until a dealer admin hands them to someone else.`,
    });
  });
}
