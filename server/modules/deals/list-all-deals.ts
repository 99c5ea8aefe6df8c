import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { deal, vendorCompany } from "../../db/schema.ts";

/**
 * The deal's last message is the vendor's: one backward step on deal_message_deal_idx
 * (deal_id, created_at) per deal. Written out: drizzle renders columns unqualified in subqueries.
 */
export const vendorWroteLast = sql<boolean>`coalesce((select m.author_role = 'vendor' from deal_message m where m.deal_id = "deal"."id" order by m.created_at desc limit 1), false)`;

const pageSize = 50;

/** All vendors' deals for the credit team, newest update first, with optional filters. */
export async function listAllDeals(db: Database, filters: { stage?: number; company?: string; period?: { month: number; year: number }; q?: string; vendorWroteLast?: boolean; cursor?: string }) {
  const conditions: SQL[] = [];
  if (filters.period) conditions.push(eq(deal.monthSubmitted, filters.period.month), eq(deal.yearInFile, filters.period.year));
  if (filters.stage !== undefined) conditions.push(eq(deal.stage, filters.stage));
  if (filters.company) conditions.push(eq(deal.vendorCompanyId, filters.company));
  if (filters.q) conditions.push(or(ilike(deal.businessName, `%${filters.q}%`), ilike(deal.accountNumber, `%${filters.q}%`), ilike(deal.ownersName, `%${filters.q}%`))!);
  if (filters.vendorWroteLast) conditions.push(vendorWroteLast);
  if (filters.cursor) {
    const [at, id] = filters.cursor.split("|");
    conditions.push(sql`(${deal.lastUpdate}, ${deal.id}) < (${new Date(at!)}, ${id!}::uuid)`);
  }
  const rows = await db
    .select({
      id: deal.id,
      accountNumber: deal.accountNumber,
      companyName: vendorCompany.name,
      businessName: deal.businessName,
      ownersName: deal.ownersName,
      stage: deal.stage,
      notes: deal.notes,
      dealScore: deal.dealScore,
      costOfEquipment: deal.costOfEquipment,
      downPayment: deal.downPayment,
      approvedAmount: deal.approvedAmount,
      lastUpdate: deal.lastUpdate,
      vendorWroteLast,
    })
    .from(deal)
    .innerJoin(vendorCompany, eq(vendorCompany.id, deal.vendorCompanyId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(deal.lastUpdate), desc(deal.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    deals: page.map((row) => ({ ...row, lastUpdate: row.lastUpdate.toISOString(), vendorWroteLast: Boolean(row.vendorWroteLast) })),
    nextCursor: rows.length > pageSize && last ? `${last.lastUpdate.toISOString()}|${last.id}` : null,
  };
}
