import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { deal, dealDocument } from "./tables.ts";
import { ownedInScope, type VendorScope } from "../shared/vendor-scope.ts";
import { dealOwnership } from "./deal-ownership.ts";

/** A document of one of the deals the scope sees, or null. */
export async function findVendorDocument(db: Database, scope: VendorScope, documentId: string) {
  const [row] = await db
    .select({ document: dealDocument })
    .from(dealDocument)
    .innerJoin(deal, eq(deal.id, dealDocument.dealId))
    .where(and(eq(dealDocument.id, documentId), ownedInScope(scope, dealOwnership)));
  return row?.document ?? null;
}

/** Any deal's document, for the credit team. */
export async function findDocument(db: Database, documentId: string) {
  const [document] = await db.select().from(dealDocument).where(eq(dealDocument.id, documentId));
  return document ?? null;
}
