import { eq } from "drizzle-orm";
import { dealerRoleLabels, type DealerRole } from "#domain/auth/dealer-roles.ts";
import { teamMessages } from "#domain/team/contracts.ts";
import { keepsAnActiveAdmin } from "#domain/team/team-rules.ts";
import type { Database } from "../db/client.ts";
import { user } from "../auth/tables.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { MailContext } from "../shared/request-context.ts";
import { companyOfVendor, lockCompanySeats } from "./company-seats.ts";
import { tellTeam } from "./tell-team.ts";

/** Who changes a role: a dealer admin of `companyId`, or staff (any company, `companyId` null). */
export type TeamActor = { userId: string; email: string; companyId: string | null; ipAddress: string };

const notFound = () => new AppError("NOT_FOUND", "Not found.");

/**
 * Makes a vendor user a dealer admin or a sales rep of their company. It takes effect on their next
 * request: the scope reads the role from the session's user every time
 * (server/shared/vendor-scope.ts). A dealer admin cannot change their own role, and the company
 * always keeps an active admin.
 */
export async function changeDealerRole(
  db: Database,
  context: MailContext,
  by: TeamActor,
  userId: string,
  dealerRole: DealerRole,
): Promise<void> {
  await db.transaction(async (tx) => {
    const companyId = await companyOfVendor(tx, userId);
    if (!companyId || (by.companyId !== null && companyId !== by.companyId)) throw notFound();
    if (userId === by.userId) throw new AppError("CONFLICT", teamMessages.notYourself);
    const seats = await lockCompanySeats(tx, companyId);
    const target = seats.find((seat) => seat.id === userId);
    if (!target) throw notFound();
    if (target.dealerRole === dealerRole) return;
    if (!keepsAnActiveAdmin(seats, { userId, dealerRole })) throw new AppError("CONFLICT", teamMessages.lastAdmin);
    await tx.update(user).set({ dealerRole }).where(eq(user.id, userId));
    await recordAudit(tx, {
      action: "team.role-changed",
      actorUserId: by.userId,
      subject: userId,
      ipAddress: by.ipAddress,
      details: { companyId, from: target.dealerRole, to: dealerRole },
    });
    await tellTeam(tx, context, companyId, {
      subject: `${target.name} is now ${dealerRoleLabels[dealerRole].toLowerCase()}`,
      paragraph: `${by.companyId === null ? `The ${context.product} credit team (${by.email})` : by.email} made ${target.name} (${target.email}) ${dealerRoleLabels[dealerRole].toLowerCase()} of your company.`,
      also: target.active ? target.email : null,
    });
  });
}
