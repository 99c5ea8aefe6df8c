import { sql } from "drizzle-orm";
import type { StipsToReview, StipsToReviewQuery } from "#domain/stips/review-queue-contracts.ts";
import type { StipSatisfier } from "#domain/stips/stip-rules.ts";
import type { Database } from "../db/client.ts";
import { cappedCount, keysetPage, type Keyset } from "../shared/lists/keyset-page.ts";

type Row = {
  id: string;
  name: string;
  satisfied_by: StipSatisfier;
  deal_id: string;
  account_number: string;
  business_name: string;
  vendor_name: string | null;
  received_at: Date | string;
  due_at: Date | string | null;
  overdue: boolean;
};

/** Oldest received first, the id breaking ties: the partial index deal_stip_to_review_idx (received_at, id) WHERE status = 'received'. */
const keyset: Keyset = { column: sql`s.received_at`, id: sql`s.id`, type: "timestamptz", direction: "asc" };

const iso = (value: Date | string) => new Date(value).toISOString();

const received = [sql`s.status = 'received'`, sql`s.received_at is not null`];

/**
 * "Stips to review" (docs/product-rules.md#r55-stipulations): the received stips, oldest first, a
 * keyset page read along deal_stip_to_review_idx; each page's deals, vendor companies and review
 * clocks by primary key or unique index (response_clock_subject_idx), so a page costs the same at
 * a million stips. The total is capped and counts the partial index alone (every stip has its deal;
 * a first page with no page after it is the whole list, as `listWithTotal` does).
 */
export async function stipsToReview(db: Database, query: StipsToReviewQuery, now: Date): Promise<StipsToReview> {
  const { rows, next, previous } = await keysetPage<Row>(db, {
    select: sql`s.id, s.name, s.satisfied_by, d.id as deal_id, d.account_number, d.business_name,
      (select v.name from vendor_company v where v.id = d.vendor_company_id) as vendor_name, s.received_at,
      c.due_at, coalesce(c.first_contact_at is null and c.due_at < ${now}, false) as overdue`,
    from: sql`deal_stip s join deal d on d.id = s.deal_id
      left join response_clock c on c.subject_type = 'stip' and c.subject_id = s.id`,
    where: received,
    keyset,
    cursor: query.cursor,
  });
  const total =
    !query.cursor && next === null
      ? { total: rows.length, totalCapped: false }
      : await cappedCount(db, sql`deal_stip s`, received, keyset);
  const page = { next, previous, ...total };
  return {
    stips: rows.map((row) => ({
      id: row.id,
      name: row.name,
      satisfiedBy: row.satisfied_by,
      deal: { id: row.deal_id, accountNumber: row.account_number, businessName: row.business_name },
      vendorName: row.vendor_name,
      receivedAt: iso(row.received_at),
      dueAt: row.due_at === null ? null : iso(row.due_at),
      overdue: row.overdue === true,
    })),
    page,
  };
}
