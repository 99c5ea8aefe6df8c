import { and, desc, eq, type SQL } from "drizzle-orm";
import type { PortalQuote } from "#domain/quotes/portal-contracts.ts";
import { quoteStatus } from "#domain/quotes/vendor-quote.ts";
import type { DbExecutor } from "../db/client.ts";
import { user } from "../auth/tables.ts";
import { vendorQuote } from "./tables.ts";
import { ownedInScope, type VendorScope } from "../shared/vendor-scope.ts";
import { quoteOwnership } from "./quote-ownership.ts";

const columns = {
  id: vendorQuote.id,
  customerName: vendorQuote.customerName,
  customerEmail: vendorQuote.customerEmail,
  price: vendorQuote.price,
  tier: vendorQuote.tier,
  terms: vendorQuote.terms,
  withdrawnAt: vendorQuote.withdrawnAt,
  openedAt: vendorQuote.openedAt,
  appliedAt: vendorQuote.appliedAt,
  sentAt: vendorQuote.sentAt,
  expiresAt: vendorQuote.expiresAt,
  resentCount: vendorQuote.resentCount,
  createdAt: vendorQuote.createdAt,
  createdBy: user.name,
};

type Row = {
  id: string;
  customerName: string;
  customerEmail: string;
  price: number;
  tier: number | null;
  terms: { term: number; payment: number }[];
  withdrawnAt: Date | null;
  openedAt: Date | null;
  appliedAt: Date | null;
  sentAt: Date;
  expiresAt: Date;
  resentCount: number;
  createdAt: Date;
  createdBy: string;
};

export function toPortalQuote(row: Row, now = new Date()): PortalQuote {
  return {
    id: row.id,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    price: row.price,
    tier: row.tier,
    terms: row.terms,
    status: quoteStatus(
      {
        withdrawn: row.withdrawnAt !== null,
        openedAt: row.openedAt,
        appliedAt: row.appliedAt,
        expiresAt: row.expiresAt,
      },
      now,
    ),
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    openedAt: row.openedAt?.toISOString() ?? null,
    appliedAt: row.appliedAt?.toISOString() ?? null,
    resentCount: row.resentCount,
    createdBy: row.createdBy,
  };
}

/** The quotes the scope sees (one when `id` is given), newest first; another company's, or a colleague's for a sales rep, never. */
export async function listVendorQuotes(db: DbExecutor, scope: VendorScope, id?: string): Promise<PortalQuote[]> {
  const where: SQL[] = [ownedInScope(scope, quoteOwnership)];
  if (id) where.push(eq(vendorQuote.id, id));
  const rows = await db
    .select(columns)
    .from(vendorQuote)
    .innerJoin(user, eq(user.id, vendorQuote.createdByUserId))
    .where(and(...where))
    .orderBy(desc(vendorQuote.createdAt))
    .limit(500);
  const now = new Date();
  return rows.map((row) => toPortalQuote(row, now));
}
