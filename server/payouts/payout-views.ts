import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { PayoutBatchSummary, PayoutBatchView, PayoutsOverview } from "#domain/payouts/back-office-contracts.ts";
import { holdReasonText } from "#domain/payouts/payout-rules.ts";
import { businessDayOf } from "#domain/site/business-day.ts";
import { user } from "../auth/tables.ts";
import type { DbExecutor } from "../db/client.ts";
import { deal } from "../deals/tables.ts";
import { dealFunding } from "../funding/tables.ts";
import { AppError } from "../shared/errors.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { buildProblem, type PayoutBuildContext } from "./build-payout-batch.ts";
import { payoutCandidates, type PayoutCandidate } from "./payout-candidates.ts";
import { payoutBatch, payoutEntry } from "./tables.ts";

/** The most recent batches the screen lists. */
export const listedBatches = 100;

const returnedCount = sql<number>`(select count(*)::int from ${payoutEntry} where ${payoutEntry.batchId} = ${payoutBatch.id} and ${payoutEntry.status} = 'returned')`;

const summaryColumns = {
  id: payoutBatch.id,
  businessDay: payoutBatch.businessDay,
  fileIdModifier: payoutBatch.fileIdModifier,
  entryCount: payoutBatch.entryCount,
  totalCents: payoutBatch.totalCents,
  fileSha256: payoutBatch.fileSha256,
  createdAt: payoutBatch.createdAt,
  createdBy: user.name,
  returnedCount,
};

const summary = (row: {
  createdAt: Date;
  returnedCount: number | string;
}): Pick<PayoutBatchSummary, "createdAt" | "returnedCount"> => ({
  createdAt: row.createdAt.toISOString(),
  returnedCount: Number(row.returnedCount),
});

const item = (candidate: PayoutCandidate) => ({
  kind: candidate.kind,
  fundingId: candidate.fundingId,
  dealId: candidate.dealId,
  reference: candidate.reference,
  businessName: candidate.businessName,
  companyName: candidate.companyName,
  amountCents: candidate.amountCents,
  fundedOn: candidate.fundedOn,
});

/** The payouts screen (docs/product-rules.md#r60-payout-batches): batches newest first, what is payable and held. */
export async function payoutsOverview(
  db: DbExecutor,
  context: PayoutBuildContext,
  now = new Date(),
): Promise<PayoutsOverview> {
  const today = businessDayOf(now, context.timeZone);
  const { payable, held } = await payoutCandidates(db, context.cipher, now, context.timeZone);
  const batches = await db
    .select(summaryColumns)
    .from(payoutBatch)
    .innerJoin(user, eq(user.id, payoutBatch.createdByUserId))
    .orderBy(desc(payoutBatch.createdAt))
    .limit(listedBatches);
  return {
    today,
    buildProblem: await buildProblem(db, today, payable.length),
    payable: {
      count: payable.length,
      totalCents: payable.reduce((total, each) => total + each.amountCents, 0),
      items: payable.map(item),
    },
    held: held.map((each) => ({ ...item(each), reason: holdReasonText(each.reason) })),
    batches: batches.map((row) => ({ ...row, ...summary(row) })),
  };
}

const returner = alias(user, "returner");

/** A batch and its entries, in the file's order (trace numbers ascending). */
export async function payoutBatchView(db: DbExecutor, batchId: string): Promise<PayoutBatchView> {
  const [batch] = await db
    .select(summaryColumns)
    .from(payoutBatch)
    .innerJoin(user, eq(user.id, payoutBatch.createdByUserId))
    .where(eq(payoutBatch.id, batchId));
  if (!batch) throw new AppError("NOT_FOUND", "Not found.");
  const entries = await db
    .select({
      entry: payoutEntry,
      companyName: vendorCompany.name,
      dealId: deal.id,
      dealAccountNumber: deal.accountNumber,
      businessName: deal.businessName,
      returnedBy: returner.name,
    })
    .from(payoutEntry)
    .innerJoin(vendorCompany, eq(vendorCompany.id, payoutEntry.vendorCompanyId))
    .leftJoin(dealFunding, eq(dealFunding.id, payoutEntry.dealFundingId))
    .leftJoin(deal, eq(deal.id, dealFunding.dealId))
    .leftJoin(returner, eq(returner.id, payoutEntry.returnedByUserId))
    .where(and(eq(payoutEntry.batchId, batchId)))
    .orderBy(payoutEntry.traceNumber);
  return {
    batch: { ...batch, ...summary(batch) },
    entries: entries.map(({ entry, companyName, dealId, dealAccountNumber, businessName, returnedBy }) => ({
      id: entry.id,
      kind: entry.kind,
      companyName,
      dealId,
      reference:
        entry.kind === "earnings" ? `Earnings through ${entry.earningsMonth ?? ""}` : (dealAccountNumber ?? ""),
      businessName: entry.kind === "earnings" ? companyName : (businessName ?? ""),
      amountCents: entry.amountCents,
      routingNumber: entry.routingNumber,
      accountNumberLast4: entry.accountNumberLast4,
      traceNumber: entry.traceNumber,
      status: entry.status,
      returnCode: entry.returnCode,
      returnNote: entry.returnNote,
      returnedAt: entry.returnedAt?.toISOString() ?? null,
      returnedBy,
    })),
  };
}
