import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { deal, dealClient, dealHistory, user, vendorCompany } from "../../db/schema.ts";

const pageSize = 50;

/** All vendors' deals for the credit team, newest update first, with optional filters. */
export async function listAllDeals(db: Database, filters: { stage?: number; company?: string; period?: { month: number; year: number }; q?: string; cursor?: string }) {
  const conditions: SQL[] = [];
  if (filters.period) conditions.push(eq(deal.monthSubmitted, filters.period.month), eq(deal.yearInFile, filters.period.year));
  if (filters.stage !== undefined) conditions.push(eq(deal.stage, filters.stage));
  if (filters.company) conditions.push(eq(deal.vendorCompanyId, filters.company));
  if (filters.q) conditions.push(or(ilike(deal.businessName, `%${filters.q}%`), ilike(deal.accountNumber, `%${filters.q}%`), ilike(deal.ownersName, `%${filters.q}%`))!);
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
      lastUpdate: deal.lastUpdate,
    })
    .from(deal)
    .innerJoin(vendorCompany, eq(vendorCompany.id, deal.vendorCompanyId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(deal.lastUpdate), desc(deal.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    deals: page.map((row) => ({ ...row, lastUpdate: row.lastUpdate.toISOString() })),
    nextCursor: rows.length > pageSize && last ? `${last.lastUpdate.toISOString()}|${last.id}` : null,
  };
}

/** A deal for the back office: sensitive client numbers stay masked (decisions.md 8). */
export async function dealDetail(db: Database, dealId: string) {
  const [row] = await db
    .select({ deal, companyName: vendorCompany.name, vendorEmail: user.email })
    .from(deal)
    .innerJoin(vendorCompany, eq(vendorCompany.id, deal.vendorCompanyId))
    .innerJoin(user, eq(user.id, deal.submittedByUserId))
    .where(eq(deal.id, dealId));
  if (!row) return null;
  const [client] = await db.select().from(dealClient).where(eq(dealClient.dealId, dealId));
  const history = await db
    .select({ field: dealHistory.field, from: dealHistory.fromValue, to: dealHistory.toValue, at: dealHistory.at, actor: user.email })
    .from(dealHistory)
    .innerJoin(user, eq(user.id, dealHistory.actorUserId))
    .where(eq(dealHistory.dealId, dealId))
    .orderBy(asc(dealHistory.at));
  const d = row.deal;
  return {
    deal: {
      id: d.id,
      accountNumber: d.accountNumber,
      companyName: row.companyName,
      businessName: d.businessName,
      ownersName: d.ownersName,
      stage: d.stage,
      notes: d.notes,
      dealScore: d.dealScore,
      costOfEquipment: d.costOfEquipment,
      downPayment: d.downPayment,
      lastUpdate: d.lastUpdate.toISOString(),
      businessPhone: d.businessPhone,
      businessEmail: d.businessEmail,
      description: d.description,
      vendorEmail: row.vendorEmail,
      declinedReceivedOn: d.declinedReceivedOn,
      declinedCompletedOn: d.declinedCompletedOn,
      declinedNoticeSentOn: d.declinedNoticeSentOn,
    },
    client: client
      ? {
          customerNumber: client.customerNumber,
          firstName: client.firstName,
          lastName: client.lastName,
          taxIdMasked: client.businessTaxIdLast4 ? `••-•••${client.businessTaxIdLast4}` : null,
          hasDateOfBirth: client.dobEncrypted !== null,
        }
      : null,
    history: history.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
    submittedByUserId: d.submittedByUserId,
  };
}
