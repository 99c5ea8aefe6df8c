import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { verificationInput } from "#domain/funding/back-office-contracts.ts";
import { lastFour } from "../shared/crypto/field-cipher.ts";
import { addCalendarDays, businessDayOf, businessWallTime } from "#domain/site/business-day.ts";
import { isWorkingDay } from "#domain/site/working-calendar.ts";
import { wallTimeInTimeZone } from "#domain/site/business-time.ts";
import type { Database } from "../db/client.ts";
import { deal, dealDocument, dealHistory } from "../deals/tables.ts";
import { funder } from "../funders/tables.ts";
import { approveFunding } from "../funding/decide-funding.ts";
import { prepareFunding } from "../funding/prepare-funding.ts";
import { recordVerification } from "../funding/record-verification.ts";
import { dealFunding } from "../funding/tables.ts";
import { payoutAccount } from "../payout-accounts/tables.ts";
import { buildPayoutBatch } from "../payouts/build-payout-batch.ts";
import { payoutCandidates } from "../payouts/payout-candidates.ts";
import { loadWorkingCalendar } from "../working-calendar/load-working-calendar.ts";
import { presentSampleApproval } from "./present-sample-approval.ts";
import type { DemoSampleDeps } from "./demo-sample-deps.ts";
import type { DemoPeople, SampleContext } from "./sample-context.ts";

/** The latest working day on or before `day`. */
async function lastWorkingDay(db: Database, day: string): Promise<string> {
  const calendar = await loadWorkingCalendar(db, addCalendarDays(day, -14), day);
  let found = day;
  while (!isWorkingDay(found, calendar)) found = addCalendarDays(found, -1);
  return found;
}

/**
 * The last mile at work (docs/product-rules.md#r58-verification-and-funding, #r60-payout-batches,
 * #r61-dealer-earnings), through the same functions as the back office: the demo company's payout
 * account; Northwind Farm Supply and Redwood Quarry Supply verified, funded (one prepared by the admin
 * and approved by the staff member, the other the other way round) and paid in the day's ACH batch,
 * their earnings in two tiers (Redwood's volume crosses $250,000); Summit Trailer Repair verified
 * and its funding waiting for a second approval. Ironwood Machine Shop stays at Docs In, its sealed
 * delivery certificate ready for the call.
 */
export async function createSampleFunding(
  db: Database,
  deps: DemoSampleDeps,
  context: SampleContext,
  people: DemoPeople,
  now: Date,
): Promise<void> {
  const admin = { id: people.admin.id, email: people.admin.email, ipAddress: "127.0.0.1" };
  const staff = { id: people.staff.id, email: people.staff.email, ipAddress: "127.0.0.1" };
  const today = businessDayOf(now, context.timeZone);
  const payDay = await lastWorkingDay(db, today);

  // The dealer's payout account, confirmed by its dealer admin's second factor long ago: a demo cannot
  // read a mailed code, so the row is written as confirming it would leave it, its hold long over.
  const confirmedAt = new Date(now.getTime() - 30 * 86_400_000);
  await db.insert(payoutAccount).values({
    vendorCompanyId: people.vendor.companyId,
    holderName: people.vendor.companyName,
    routingNumber: "021000021",
    accountNumberEncrypted: deps.cipher.encrypt("000123456789"),
    accountNumberLast4: lastFour("000123456789"),
    accountType: "checking",
    status: "active",
    createdByUserId: people.vendor.id,
    createdAt: confirmedAt,
    confirmedAt,
    confirmedByUserId: people.vendor.id,
    usableFrom: new Date(confirmedAt.getTime() + 5 * 86_400_000),
  });

  const [harbor] = await db.select({ id: funder.id }).from(funder).where(eq(funder.name, "Sample — Harbor Capital"));
  const verified = async (
    businessName: string,
    terms: { amount: string; payment: string; downPayment: string; fees: string },
  ) => {
    const [found] = await db
      .select({ id: deal.id })
      .from(deal)
      .where(eq(deal.businessName, businessName.toUpperCase()));
    if (!found) throw new Error(`No sample deal ${businessName}`);
    await presentSampleApproval(db, context, admin, {
      dealId: found.id,
      funderId: harbor!.id,
      terms: { termMonths: "60", ...terms },
      today,
      stipReason: "Received with the signed documents.",
    });
    // A paper delivery and acceptance certificate, signed at delivery and uploaded with the deal.
    const [certificate] = await db
      .select({ id: dealDocument.id })
      .from(dealDocument)
      .where(eq(dealDocument.dealId, found.id))
      .orderBy(desc(dealDocument.uploadedAt))
      .limit(1);
    const called = businessWallTime(today, 9.5, context.timeZone);
    const calledAt = called <= now ? called : new Date(now.getTime() - 3_600_000);
    const wall = wallTimeInTimeZone(calledAt, context.timeZone);
    await recordVerification(
      db,
      context,
      admin,
      found.id,
      verificationInput.parse({
        calledName: "The owner",
        calledPhone: "(555) 555-0199",
        calledAt: wall,
        identity: true,
        equipmentReceived: true,
        paymentAndTerm: true,
        insurance: true,
        deliveryCertificateDocumentId: certificate!.id,
        note: "Sample call: equipment delivered and running.",
      }),
    );
    return found.id;
  };
  const fundingOf = async (dealId: string) => {
    const [found] = await db.select({ id: dealFunding.id }).from(dealFunding).where(eq(dealFunding.dealId, dealId));
    return found!.id;
  };

  const northwind = await verified("Sample — Northwind Farm Supply", {
    amount: "50,000",
    payment: "1,049.62",
    downPayment: "7,500",
    fees: "395",
  });
  await prepareFunding(db, admin, northwind, context.timeZone);
  await approveFunding(db, context, staff, await fundingOf(northwind));

  const redwood = await verified("Sample — Redwood Quarry Supply", {
    amount: "250,000",
    payment: "5,057.44",
    downPayment: "12,000",
    fees: "495",
  });
  await prepareFunding(db, staff, redwood, context.timeZone);
  await approveFunding(db, context, admin, await fundingOf(redwood));

  const summit = await verified("Sample — Summit Trailer Repair", {
    amount: "32,400",
    payment: "1,012.50",
    downPayment: "3,600",
    fees: "295",
  });
  await prepareFunding(db, admin, summit, context.timeZone);

  // Today's batch pays both fundings (on a weekend or holiday: the last working day's batch).
  if (payDay !== today)
    await db
      .update(dealFunding)
      .set({ fundedOn: payDay })
      .where(inArray(dealFunding.dealId, [northwind, redwood]));
  const buildAt = payDay === today ? new Date() : businessWallTime(payDay, 11, context.timeZone);
  const buildContext = { ach: deps.config.ach, cipher: deps.cipher, timeZone: context.timeZone };
  const { payable } = await payoutCandidates(db, deps.cipher, buildAt, context.timeZone);
  await buildPayoutBatch(
    db,
    buildContext,
    admin,
    { entryCount: payable.length, totalCents: payable.reduce((sum, item) => sum + item.amountCents, 0) },
    buildAt,
  );
  // The batch's step follows the funding's in the deals' histories, as it does on a working day.
  if (payDay !== today) {
    const paid = [northwind, redwood];
    await db
      .update(dealHistory)
      .set({ at: sql`now()` })
      .where(and(inArray(dealHistory.dealId, paid), eq(dealHistory.field, "payout")));
    await db
      .update(deal)
      .set({ lastUpdate: sql`now()` })
      .where(inArray(deal.id, paid));
  }
}
