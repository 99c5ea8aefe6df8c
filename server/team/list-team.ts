import { asc, eq, sql } from "drizzle-orm";
import type { TeamMember } from "#domain/team/contracts.ts";
import { asDealerRole } from "#domain/auth/dealer-roles.ts";
import type { DbExecutor } from "../db/client.ts";
import { user } from "../auth/tables.ts";

/** The company's users by name, each with the open deals and live quotes they own. */
export async function listTeam(db: DbExecutor, companyId: string): Promise<TeamMember[]> {
  // Written out: the counts read deal and vendor_quote by (company, owner), the portal list's own indexes.
  const openDeals = sql<number>`(select count(*) from deal d where d.vendor_company_id = ${companyId} and d.owner_user_id = "user"."id" and d.stage not in (0, 6, 9))::int`;
  const quotes = sql<number>`(select count(*) from vendor_quote q where q.company_id = ${companyId} and q.owner_user_id = "user"."id" and q.withdrawn_at is null)::int`;
  const rows = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      dealerRole: user.dealerRole,
      verified: user.emailVerified,
      banned: user.banned,
      openDeals,
      quotes,
    })
    .from(user)
    .where(eq(user.vendorCompanyId, companyId))
    .orderBy(asc(user.name), asc(user.id));
  return rows.map(({ banned, dealerRole, ...row }) => ({
    ...row,
    dealerRole: asDealerRole(dealerRole),
    active: !banned,
  }));
}
