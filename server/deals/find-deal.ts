import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { deal } from "./tables.ts";
import type { VendorScope } from "../shared/vendor-scope.ts";

/** One of the company's deals, or null (another company's deal is not found either). */
export async function findDeal(db: Database, scope: VendorScope, dealId: string) {
  const [row] = await db
    .select()
    .from(deal)
    .where(and(eq(deal.id, dealId), eq(deal.vendorCompanyId, scope.companyId)));
  return row ?? null;
}
