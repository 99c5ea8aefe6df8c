import { and, eq } from "drizzle-orm";
import { asDealerRole } from "#domain/auth/dealer-roles.ts";
import { authRoles } from "#domain/auth/roles.ts";
import type { TeamSeat } from "#domain/team/team-rules.ts";
import type { Transaction } from "../db/client.ts";
import { user } from "../auth/tables.ts";

export type LockedSeat = TeamSeat & { email: string; name: string; role: string };

/**
 * Every user of the company, locked in one order: two admins changing each other at once wait for
 * each other instead of both leaving the company without an admin.
 */
export async function lockCompanySeats(tx: Transaction, companyId: string): Promise<LockedSeat[]> {
  const rows = await tx
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      dealerRole: user.dealerRole,
      banned: user.banned,
    })
    .from(user)
    .where(and(eq(user.vendorCompanyId, companyId), eq(user.role, authRoles.vendor)))
    .orderBy(user.id)
    .for("update");
  return rows.map(({ banned, dealerRole, ...row }) => ({
    ...row,
    dealerRole: asDealerRole(dealerRole),
    active: !banned,
  }));
}

/** The vendor company of a vendor user, or null for anyone else. */
export async function companyOfVendor(tx: Transaction, userId: string): Promise<string | null> {
  const [found] = await tx
    .select({ companyId: user.vendorCompanyId })
    .from(user)
    .where(and(eq(user.id, userId), eq(user.role, authRoles.vendor)));
  return found?.companyId ?? null;
}
