import { and, eq, or, isNull } from "drizzle-orm";
import { dealerRoles } from "#domain/auth/dealer-roles.ts";
import type { DbExecutor } from "../db/client.ts";
import { user } from "./tables.ts";

const active = or(isNull(user.banned), eq(user.banned, false));

/** The company's active dealer admins: who hear of its team, its keys and webhooks, and of deals nobody owns. */
export async function companyAdminEmails(tx: DbExecutor, companyId: string): Promise<string[]> {
  const rows = await tx
    .select({ email: user.email })
    .from(user)
    .where(and(eq(user.vendorCompanyId, companyId), eq(user.dealerRole, dealerRoles.admin), active));
  return rows.map((row) => row.email);
}

/**
 * Who hears about one of the company's deals (docs/product-rules.md#r53-a-dealers-team): its owner
 * while active, else the company's dealer admins; never a sales rep who does not own it.
 */
export async function dealRecipientEmails(
  tx: DbExecutor,
  deal: { vendorCompanyId: string | null; ownerUserId: string | null },
): Promise<string[]> {
  // A direct deal has no dealer to tell.
  if (deal.vendorCompanyId === null) return [];
  if (deal.ownerUserId) {
    const [owner] = await tx
      .select({ email: user.email })
      .from(user)
      .where(and(eq(user.id, deal.ownerUserId), eq(user.vendorCompanyId, deal.vendorCompanyId), active));
    if (owner) return [owner.email];
  }
  return companyAdminEmails(tx, deal.vendorCompanyId);
}
