import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { deal } from "./tables.ts";
import { user } from "../auth/tables.ts";
import { inScopeAndPeriod, type Period } from "./deal-period.ts";
import { unreadSql } from "./portal-deal-page.ts";
import type { VendorScope } from "../shared/vendor-scope.ts";

/** A page of the company's deals, most recently updated first (keyset pagination). */
export async function listDeals(
  db: Database,
  scope: VendorScope,
  period: Period,
  cursor?: string,
  pageSize = 50,
  ownerUserId?: string,
) {
  const conditions = [inScopeAndPeriod(scope, period)];
  if (ownerUserId) conditions.push(eq(deal.ownerUserId, ownerUserId));
  if (cursor) {
    const [at, id] = cursor.split("|");
    conditions.push(sql`(${deal.lastUpdate}, ${deal.id}) < (${new Date(at!)}, ${id!}::uuid)`);
  }
  // Written out: drizzle renders columns unqualified here, and "id" would bind to the subquery.
  const lastAuthor = sql<
    "vendor" | "staff" | null
  >`(select m.author_role from deal_message m where m.deal_id = "deal"."id" order by m.created_at desc limit 1)`;
  const vendorWrote = sql<boolean>`exists (select 1 from deal_message m where m.deal_id = "deal"."id" and m.author_role = 'vendor')`;
  const rows = await db
    .select({
      id: deal.id,
      accountNumber: deal.accountNumber,
      businessName: deal.businessName,
      ownersName: deal.ownersName,
      stage: deal.stage,
      notes: deal.notes,
      costOfEquipment: deal.costOfEquipment,
      downPayment: deal.downPayment,
      approvedAmount: deal.approvedAmount,
      description: deal.description,
      lastUpdate: deal.lastUpdate,
      lastMessageAuthor: lastAuthor,
      vendorHasWritten: vendorWrote,
      unread: unreadSql,
      source: deal.source,
      ownerId: user.id,
      ownerName: user.name,
      ownerBanned: user.banned,
    })
    .from(deal)
    .leftJoin(user, eq(user.id, deal.ownerUserId))
    .where(and(...conditions))
    .orderBy(desc(deal.lastUpdate), desc(deal.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    deals: page.map(({ source, ownerId, ownerName, ownerBanned, ...row }) => ({
      ...row,
      owner: ownerId ? { id: ownerId, name: ownerName ?? "", active: !ownerBanned } : null,
      referred: source === "vendor-link",
      lastUpdate: row.lastUpdate.toISOString(),
      vendorHasWritten: Boolean(row.vendorHasWritten),
      unread: Boolean(row.unread),
    })),
    nextCursor: rows.length > pageSize && last ? `${last.lastUpdate.toISOString()}|${last.id}` : null,
  };
}
