import { sql, type SQL } from "drizzle-orm";
import type { BackOfficeDeal, BackOfficeDealQuery } from "#domain/deals/back-office-contracts.ts";
import { searchNeedle, type ListPage } from "#domain/http/list-page.ts";
import { directDealVendor, vendorNameOf } from "#domain/deals/direct-deals.ts";
import { DIRECT_COMPANY } from "#domain/deals/back-office-contracts.ts";
import type { Database } from "../db/client.ts";
import { createdBetween } from "../shared/lists/created-between.ts";
import { listWithTotal, type Keyset } from "../shared/lists/keyset-page.ts";
import { matchesSearch } from "../shared/lists/matches-search.ts";

/**
 * The deal's last message is the vendor's ("Waiting for us"): kept on the deal as
 * awaiting_reply_since (set by a vendor's message, cleared by staff's; post-message.ts), so the
 * filter reads the partial index deal_awaiting_reply_idx instead of every deal's last message.
 */
export const vendorWroteLast = sql<boolean>`("deal"."awaiting_reply_since" is not null)`;

/** What a deal search matches: the stored column deal.search_text (schema.ts), with its trigram index deal_search_idx. */
const dealSearchText = sql`"deal"."search_text"`;

const sortColumns: Record<NonNullable<BackOfficeDealQuery["sort"]>, Omit<Keyset, "direction">> = {
  updated: { column: sql`"deal"."last_update"`, id: sql`"deal"."id"`, type: "timestamptz" },
  created: { column: sql`"deal"."created_at"`, id: sql`"deal"."id"`, type: "timestamptz" },
  business: { column: sql`"deal"."business_name"`, id: sql`"deal"."id"`, type: "text" },
};

type DealRow = {
  id: string;
  account_number: string;
  /** Null for a direct deal (no vendor company). */
  company_name: string | null;
  business_name: string;
  owners_name: string;
  stage: number;
  notes: string;
  deal_score: number;
  cost_of_equipment: string | number;
  down_payment: string | number;
  approved_amount: string | number | null;
  last_update: string | Date;
  vendor_wrote_last: boolean;
};

/**
 * The filters of a deal list query; a search matches the deal's own fields or its vendor company's
 * name, and "Direct" (what the list shows as their vendor) the deals without one.
 */
export async function dealFilters(
  db: Database,
  query: BackOfficeDealQuery,
  period: { month: number; year: number } | undefined,
  timeZone: string,
): Promise<{ where: SQL[]; anyOf?: SQL[] }> {
  const where: SQL[] = [];
  const anyOf: SQL[] = [];
  if (query.q) {
    // Companies are few: their ids first.
    const companies = (await db.execute(
      sql`select id from vendor_company where ${matchesSearch(sql`lower(name)`, query.q)} limit 100`,
    )) as unknown as { rows: { id: string }[] };
    const byCompany = companies.rows.length
      ? [
          sql`"deal"."vendor_company_id" in (${sql.join(
            companies.rows.map((row) => sql`${row.id}::uuid`),
            sql`, `,
          )})`,
        ]
      : [];
    // A part of the word: a search for "dir" or "direct" also finds the direct deals.
    const byDirect = directDealVendor.toLowerCase().includes(searchNeedle(query.q))
      ? [sql`"deal"."vendor_company_id" is null`]
      : [];
    // Each way a deal matches has its own index, read as a branch of its own (keyset-page.ts, eachOf).
    const text = matchesSearch(dealSearchText, query.q);
    if (byCompany.length || byDirect.length) anyOf.push(text, ...byCompany, ...byDirect);
    else where.push(text);
  }
  if (period) where.push(sql`"deal"."month_submitted" = ${period.month} and "deal"."year_in_file" = ${period.year}`);
  if (query.stage !== undefined) where.push(sql`"deal"."stage" = ${Number(query.stage)}`);
  if (query.company === DIRECT_COMPANY) where.push(sql`"deal"."vendor_company_id" is null`);
  else if (query.company) where.push(sql`"deal"."vendor_company_id" = ${query.company}`);
  if (query.waiting === "1") where.push(vendorWroteLast);
  where.push(...createdBetween(sql`"deal"."created_at"`, query, timeZone));
  return { where, anyOf };
}

/** All deals for the credit team (every vendor's, and the direct ones), most recently updated first unless sorted otherwise, a page at a time. */
export async function listAllDeals(
  db: Database,
  query: BackOfficeDealQuery,
  period: { month: number; year: number } | undefined,
  timeZone: string,
): Promise<{ deals: BackOfficeDeal[]; page: ListPage }> {
  const sort = sortColumns[query.sort ?? "updated"];
  const { rows, page } = await listWithTotal<DealRow>(db, {
    alias: "deal",
    select: sql`"deal"."id", "deal"."account_number", (select c.name from vendor_company c where c.id = "deal"."vendor_company_id") as company_name,
      "deal"."business_name", "deal"."owners_name", "deal"."stage", "deal"."notes", "deal"."deal_score", "deal"."cost_of_equipment", "deal"."down_payment",
      "deal"."approved_amount", "deal"."last_update", ${vendorWroteLast} as vendor_wrote_last`,
    from: sql`deal`,
    ...(await dealFilters(db, query, period, timeZone)),
    keyset: { ...sort, direction: query.dir ?? (query.sort === "business" ? "asc" : "desc") },
    cursor: query.cursor,
  });
  return {
    page,
    deals: rows.map((row) => ({
      id: row.id,
      accountNumber: row.account_number,
      companyName: vendorNameOf(row.company_name),
      businessName: row.business_name,
      ownersName: row.owners_name,
      stage: Number(row.stage),
      notes: row.notes,
      dealScore: Number(row.deal_score),
      costOfEquipment: Number(row.cost_of_equipment),
      downPayment: Number(row.down_payment),
      approvedAmount: row.approved_amount === null ? null : Number(row.approved_amount),
      lastUpdate: new Date(row.last_update).toISOString(),
      vendorWroteLast: Boolean(row.vendor_wrote_last),
    })),
  };
}
