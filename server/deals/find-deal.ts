import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { deal } from "./tables.ts";
import { ownedInScope, type VendorScope } from "../shared/vendor-scope.ts";
import { dealOwnership } from "./deal-ownership.ts";

/** One of the deals the scope sees, or null (another company's deal, or a colleague's for a sales rep, is not found either). */
export async function findDeal(db: Database, scope: VendorScope, dealId: string) {
  const [row] = await db
    .select()
    .from(deal)
    .where(and(eq(deal.id, dealId), ownedInScope(scope, dealOwnership)));
  return row ?? null;
}
