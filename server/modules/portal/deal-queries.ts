import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { deal, dealDocument, dealMessage } from "../../db/schema.ts";
import type { VendorScope } from "./vendor-scope.ts";

export type Period = { month: number; year: number } | null;

function scoped(scope: VendorScope, period: Period): SQL {
  const conditions = [eq(deal.vendorCompanyId, scope.companyId)];
  if (period) conditions.push(eq(deal.yearInFile, period.year), eq(deal.monthSubmitted, period.month));
  return and(...conditions)!;
}

const pageSize = 50;

/** A page of the company's deals, most recently updated first (keyset pagination). */
export async function listDeals(db: Database, scope: VendorScope, period: Period, cursor?: string) {
  const conditions = [scoped(scope, period)];
  if (cursor) {
    const [at, id] = cursor.split("|");
    conditions.push(sql`(${deal.lastUpdate}, ${deal.id}) < (${new Date(at!)}, ${id!}::uuid)`);
  }
  // Written out: drizzle renders columns unqualified here, and "id" would bind to the subquery.
  const lastAuthor = sql<"vendor" | "staff" | null>`(select m.author_role from deal_message m where m.deal_id = "deal"."id" order by m.created_at desc limit 1)`;
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
      description: deal.description,
      lastUpdate: deal.lastUpdate,
      lastMessageAuthor: lastAuthor,
      vendorHasWritten: vendorWrote,
    })
    .from(deal)
    .where(and(...conditions))
    .orderBy(desc(deal.lastUpdate), desc(deal.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    deals: page.map((row) => ({ ...row, lastUpdate: row.lastUpdate.toISOString(), vendorHasWritten: Boolean(row.vendorHasWritten) })),
    nextCursor: rows.length > pageSize && last ? `${last.lastUpdate.toISOString()}|${last.id}` : null,
  };
}

/** Dashboard counts and totals, computed by the database for the period. */
export async function dealDashboard(db: Database, scope: VendorScope, period: Period) {
  const financed = sql`${deal.costOfEquipment} - ${deal.downPayment}`;
  const [row] = await db
    .select({
      applications: sql<number>`count(*)::int`,
      approved: sql<number>`count(*) filter (where ${deal.stage} >= 2)::int`,
      approvedTotal: sql<string>`coalesce(sum(${financed}) filter (where ${deal.stage} >= 2), 0)`,
      funded: sql<number>`count(*) filter (where ${deal.stage} = 6)::int`,
      fundedTotal: sql<string>`coalesce(sum(${financed}) filter (where ${deal.stage} = 6), 0)`,
      tier1: sql<number>`count(*) filter (where ${deal.dealScore} = 1)::int`,
      tier2: sql<number>`count(*) filter (where ${deal.dealScore} = 2)::int`,
      tier3: sql<number>`count(*) filter (where ${deal.dealScore} = 3)::int`,
    })
    .from(deal)
    .where(scoped(scope, period));
  const total = row!.applications;
  const share = (count: number) => (total === 0 ? 0 : Math.round((count / total) * 100));
  return {
    applications: total,
    approved: { count: row!.approved, total: Number(row!.approvedTotal) },
    funded: { count: row!.funded, total: Number(row!.fundedTotal) },
    tiers: { 1: share(row!.tier1), 2: share(row!.tier2), 3: share(row!.tier3) },
  };
}

export async function findDeal(db: Database, scope: VendorScope, dealId: string) {
  const [row] = await db.select().from(deal).where(and(eq(deal.id, dealId), eq(deal.vendorCompanyId, scope.companyId)));
  return row ?? null;
}

/** A deal's thread and documents; callers check access to the deal first. */
export async function dealThread(db: Database, dealId: string) {
  const messages = await db.select().from(dealMessage).where(eq(dealMessage.dealId, dealId)).orderBy(asc(dealMessage.createdAt));
  const documents = await db.select().from(dealDocument).where(eq(dealDocument.dealId, dealId)).orderBy(asc(dealDocument.uploadedAt));
  return {
    messages: messages.map((message) => ({
      id: message.id,
      author: message.authorRole,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
      attachments: documents.filter((doc) => doc.messageId === message.id).map((doc) => ({ id: doc.id, name: doc.originalName })),
    })),
    documents: documents.filter((doc) => doc.messageId === null).map((doc) => ({ id: doc.id, name: doc.originalName, slot: doc.slot })),
  };
}

export async function findDocument(db: Database, scope: VendorScope, documentId: string) {
  const [row] = await db
    .select({ document: dealDocument })
    .from(dealDocument)
    .innerJoin(deal, eq(deal.id, dealDocument.dealId))
    .where(and(eq(dealDocument.id, documentId), eq(deal.vendorCompanyId, scope.companyId)));
  return row?.document ?? null;
}

