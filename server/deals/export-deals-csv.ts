import type { Readable } from "node:stream";
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { directDealVendor } from "#domain/deals/direct-deals.ts";
import { deal } from "./tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { csvStream } from "../shared/csv/csv-stream.ts";
import { keysetBatches } from "../shared/csv/keyset-batches.ts";

const header = [
  "account",
  "vendor",
  "business",
  "owner",
  "phone",
  "email",
  "stage",
  "notes",
  "score",
  "cost",
  "down_payment",
  "created_at",
  "last_update",
];

type Range = { start: Date; end: Date };

/** One batch, newest first, after the row `after`. No client tax id or date of birth (those are in deal_client). */
function selectDeals(db: Database, range: Range, after: { id: string; position: string } | undefined, size: number) {
  return db
    .select({
      id: deal.id,
      // created_at as text: a JS Date would drop the microseconds the keyset compares.
      position: sql<string>`${deal.createdAt}::text`,
      account: deal.accountNumber,
      // A direct deal has no vendor company: "Direct".
      vendor: sql<string>`coalesce(${vendorCompany.name}, ${directDealVendor})`,
      business: deal.businessName,
      owner: deal.ownersName,
      phone: deal.businessPhone,
      email: deal.businessEmail,
      stage: deal.stage,
      notes: deal.notes,
      score: deal.dealScore,
      cost: deal.costOfEquipment,
      downPayment: deal.downPayment,
      createdAt: deal.createdAt,
      lastUpdate: deal.lastUpdate,
    })
    .from(deal)
    .leftJoin(vendorCompany, eq(vendorCompany.id, deal.vendorCompanyId))
    .where(
      and(
        gte(deal.createdAt, range.start),
        lt(deal.createdAt, range.end),
        after ? sql`(${deal.createdAt}, ${deal.id}) < (${after.position}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(deal.createdAt), desc(deal.id))
    .limit(size);
}

type DealRow = Awaited<ReturnType<typeof selectDeals>>[number];

async function* rowsOf(batches: AsyncIterable<DealRow[]>) {
  for await (const batch of batches) {
    yield batch.map((d) => [
      d.account,
      d.vendor,
      d.business,
      d.owner,
      d.phone,
      d.email,
      d.stage,
      d.notes,
      d.score,
      d.cost,
      d.downPayment,
      d.createdAt,
      d.lastUpdate,
    ]);
  }
}

/**
 * Every deal created in [start, end), newest first, as a streamed CSV.
 * Batches of 5000 rows (about 1 MB of CSV): without an index on created_at each batch scans the
 * deal table, so fewer batches are much faster.
 */
export function dealsCsv(db: Database, range: Range, batchSize = 5000): Promise<Readable> {
  return csvStream(
    header,
    rowsOf(keysetBatches<DealRow>((after, size) => selectDeals(db, range, after, size), batchSize)),
  );
}
