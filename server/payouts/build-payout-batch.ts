import { createHash } from "node:crypto";
import { desc, eq, like } from "drizzle-orm";
import { buildNachaFile, NachaFileError } from "#domain/payouts/nacha-file.ts";
import {
  effectiveEntryDate,
  formatCents,
  lastTraceSequenceInFile,
  nextFileIdModifier,
  payoutEntryDescription,
  traceNumber,
  traceSequence,
} from "#domain/payouts/payout-rules.ts";
import { businessDayOf } from "#domain/site/business-day.ts";
import { formatCalendarDate } from "#domain/site/business-time.ts";
import { dateTimeFormat } from "#domain/site/date-time-format.ts";
import { isWorkingDay } from "#domain/site/working-calendar.ts";
import type { Config } from "../config.ts";
import type { Database, DbExecutor } from "../db/client.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { deal, dealHistory } from "../deals/tables.ts";
import { recordFundingEarningsPaid, recordMonthlyEarningsPaid } from "../earnings/earnings-ledger.ts";
import { takePayoutTurn } from "../funding/payout-turns.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { AppError } from "../shared/errors.ts";
import { loadWorkingCalendar } from "../working-calendar/load-working-calendar.ts";
import { payoutCandidates } from "./payout-candidates.ts";
import { payoutBatch, payoutEntry } from "./tables.ts";

/** What building a batch needs: the lender's ODFI details, the cipher (account numbers), the business time zone. */
export type PayoutBuildContext = { ach: Config["ach"]; cipher: FieldCipher; timeZone: string };

/** Why no batch can be built today, or null; `payableCount` is what the candidates found. */
export async function buildProblem(db: DbExecutor, today: string, payableCount: number): Promise<string | null> {
  const calendar = await loadWorkingCalendar(db, today, today);
  if (!isWorkingDay(today, calendar))
    return `${formatCalendarDate(today)} is not a working day: batches are built on working days.`;
  const used = await db
    .select({ modifier: payoutBatch.fileIdModifier })
    .from(payoutBatch)
    .where(eq(payoutBatch.businessDay, today));
  if (nextFileIdModifier(used.map((row) => row.modifier)) === null)
    return "Today's 36 files (A to Z, 0 to 9) are all built.";
  if (payableCount === 0) return "Nothing to pay: every approved funding is paid or held.";
  return null;
}

/** The trace sequence the file starts after: the highest of this ODFI in the entries and in the latest file (its offset). */
async function lastTraceSequence(tx: DbExecutor, odfiRouting: string): Promise<number> {
  const [entry] = await tx
    .select({ trace: payoutEntry.traceNumber })
    .from(payoutEntry)
    .where(like(payoutEntry.traceNumber, `${odfiRouting.slice(0, 8)}%`))
    .orderBy(desc(payoutEntry.traceNumber))
    .limit(1);
  const [latest] = await tx
    .select({ fileText: payoutBatch.fileText })
    .from(payoutBatch)
    .orderBy(desc(payoutBatch.createdAt))
    .limit(1);
  return Math.max(
    entry ? traceSequence(odfiRouting, entry.trace) : 0,
    latest ? lastTraceSequenceInFile(odfiRouting, latest.fileText) : 0,
  );
}

/**
 * Today's payout batch (docs/product-rules.md#r60-payout-batches), in one transaction under the lock
 * every server's builds and funding cancellations take (payout-turns.ts): everything payable now
 * (payout-candidates.ts), exactly as many entries and cents as the staff member confirmed, one CCD
 * credit each (trace numbers ascending after the last one used), the NACHA file kept byte for byte
 * with its SHA-256; the next file id modifier of the day. The earnings
 * paid are written to the ledger, each funding's deal gets a step of its history, and it is audited.
 * The partial unique index on a funding's sent entry refuses a second payment whatever happens.
 */
export async function buildPayoutBatch(
  db: Database,
  context: PayoutBuildContext,
  actor: { id: string; ipAddress: string },
  confirmed: { entryCount: number; totalCents: number },
  now = new Date(),
): Promise<{ batchId: string }> {
  const { ach, timeZone } = context;
  return db.transaction(async (tx) => {
    await takePayoutTurn(tx);
    const today = businessDayOf(now, timeZone);
    const { payable } = await payoutCandidates(tx, context.cipher, now, timeZone);
    const problem = await buildProblem(tx, today, payable.length);
    if (problem) throw new AppError("CONFLICT", problem);
    const totalCents = payable.reduce((total, item) => total + item.amountCents, 0);
    if (payable.length !== confirmed.entryCount || totalCents !== confirmed.totalCents)
      throw new AppError(
        "CONFLICT",
        `What is payable changed since you confirmed: now ${payable.length} ${payable.length === 1 ? "entry" : "entries"}, ${formatCents(totalCents)}. Review and build again.`,
      );
    const used = await tx
      .select({ modifier: payoutBatch.fileIdModifier })
      .from(payoutBatch)
      .where(eq(payoutBatch.businessDay, today));
    const modifier = nextFileIdModifier(used.map((row) => row.modifier))!;

    const { originator } = ach;
    let sequence = await lastTraceSequence(tx, originator.odfiRouting);
    const entries = payable.map((item) => ({ item, trace: traceNumber(originator.odfiRouting, ++sequence) }));
    const offsetTrace = ach.balanced ? traceNumber(originator.odfiRouting, ++sequence) : null;
    const createdAt = dateTimeFormat("en-GB", {
      timeZone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(now);
    let fileText: string;
    try {
      fileText = buildNachaFile({
        originator,
        fileIdModifier: modifier,
        createdOn: today,
        createdAt,
        effectiveEntryDate: effectiveEntryDate(today),
        entryDescription: payoutEntryDescription,
        credits: entries.map(({ item, trace }) => ({
          routingNumber: item.account.routingNumber,
          accountNumber: item.account.accountNumber,
          accountType: item.account.accountType,
          amountCents: item.amountCents,
          identification: item.kind === "funding" ? item.reference : `EARN ${item.reference}`,
          receiverName: item.account.holderName,
          traceNumber: trace,
        })),
        offset: offsetTrace
          ? {
              accountNumber: ach.settlementAccount.accountNumber,
              accountType: ach.settlementAccount.accountType,
              traceNumber: offsetTrace,
            }
          : null,
      });
    } catch (error) {
      // A value the file cannot carry (an amount past ten digits, an account of 18 characters): no batch.
      if (error instanceof NachaFileError) throw new AppError("CONFLICT", `The file cannot be built: ${error.message}`);
      throw error;
    }
    const fileSha256 = createHash("sha256").update(fileText, "utf8").digest("hex");
    const [batch] = await tx
      .insert(payoutBatch)
      .values({
        businessDay: today,
        fileIdModifier: modifier,
        fileText,
        fileSha256,
        entryCount: entries.length,
        totalCents,
        createdByUserId: actor.id,
        createdAt: now,
      })
      .returning({ id: payoutBatch.id });
    const inserted = await tx
      .insert(payoutEntry)
      .values(
        entries.map(({ item, trace }) => ({
          batchId: batch!.id,
          kind: item.kind,
          vendorCompanyId: item.vendorCompanyId,
          payoutAccountId: item.account.id,
          dealFundingId: item.fundingId,
          earningsMonth: item.earningsMonth,
          amountCents: item.amountCents,
          traceNumber: trace,
          routingNumber: item.account.routingNumber,
          accountNumberLast4: item.account.accountNumberLast4,
        })),
      )
      .returning({ id: payoutEntry.id, traceNumber: payoutEntry.traceNumber });
    const idOf = new Map(inserted.map((row) => [row.traceNumber, row.id]));
    const paidIn = `Paid in the ACH batch of ${formatCalendarDate(today)} (${modifier})`;
    for (const { item, trace } of entries) {
      const payoutEntryId = idOf.get(trace)!;
      if (item.kind === "funding") {
        await recordFundingEarningsPaid(tx, {
          dealFundingId: item.fundingId!,
          amountCents: item.earningsCents,
          payoutEntryId,
          at: now,
          timeZone,
        });
        await tx.insert(dealHistory).values({
          dealId: item.dealId!,
          actorUserId: actor.id,
          at: now,
          field: "payout",
          fromValue: "",
          toValue: `${paidIn}, ${formatCents(item.amountCents)}, trace ${trace}`,
        });
        // A step of the deal's history is a change of the deal: its last update follows.
        await tx.update(deal).set({ lastUpdate: now }).where(eq(deal.id, item.dealId!));
      } else {
        await recordMonthlyEarningsPaid(tx, {
          vendorCompanyId: item.vendorCompanyId,
          amountCents: item.amountCents,
          payoutEntryId,
          at: now,
          timeZone,
        });
      }
    }
    await recordAudit(tx, {
      action: "payouts.batch-built",
      actorUserId: actor.id,
      subject: batch!.id,
      ipAddress: actor.ipAddress,
      details: { businessDay: today, fileIdModifier: modifier, entryCount: entries.length, totalCents, fileSha256 },
    });
    return { batchId: batch!.id };
  });
}
