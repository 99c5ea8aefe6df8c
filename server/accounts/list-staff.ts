import { asc, inArray } from "drizzle-orm";
import { staffRoles } from "#domain/auth/roles.ts";
import type { StaffMember } from "#domain/accounts/staff-contracts.ts";
import type { Database } from "../db/client.ts";
import { user } from "../auth/tables.ts";

/** Every staff and admin account, by name: a short list (the lender's own team). */
export async function listStaff(db: Database): Promise<StaffMember[]> {
  const rows = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      twoFactorEnabled: user.twoFactorEnabled,
      banned: user.banned,
    })
    .from(user)
    .where(inArray(user.role, [...staffRoles]))
    .orderBy(asc(user.name), asc(user.email));
  return rows.map(({ banned, twoFactorEnabled, role, ...row }) => ({
    ...row,
    role: role === "admin" ? "admin" : "staff",
    twoFactorEnabled: Boolean(twoFactorEnabled),
    active: !banned,
  }));
}
