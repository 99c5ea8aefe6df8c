import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { EarningsPayoutMode } from "#domain/earnings/earnings-shapes.ts";
import {
  clawedBack,
  earningsForDeal,
  earningsPaidWithFunding,
  type EarningsTier,
} from "#domain/earnings/tier-rules.ts";
import { addCalendarDays, businessDayOf } from "#domain/site/business-day.ts";
import type { DbExecutor } from "../db/client.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { earningsEntry, earningsSetting, earningsTier } from "./tables.ts";

export type EarningsRules = { tiers: EarningsTier[]; trailingDays: number; clawbackDays: number };

export async function loadEarningsRules(db: DbExecutor): Promise<EarningsRules> {
  const [tiers, [setting]] = await Promise.all([
    db
      .select({
        label: earningsTier.label,
        minVolumeCents: earningsTier.minVolumeCents,
        pointsBasisPoints: earningsTier.pointsBasisPoints,
      })
      .from(earningsTier)
      .orderBy(asc(earningsTier.position)),
    db.select().from(earningsSetting),
  ]);
  return { tiers, trailingDays: setting?.trailingDays ?? 90, clawbackDays: setting?.clawbackDays ?? 90 };
}

/**
 * The company's funded volume over the trailing window ending on `day` (docs/product-rules.md#r61-dealer-earnings),
 * read from its own ledger: the amount financed of every deal accrued in the window and not clawed back.
 */
export async function trailingVolumeCents(
  db: DbExecutor,
  vendorCompanyId: string,
  day: string,
  trailingDays: number,
  timeZone: string,
): Promise<number> {
  const from = addCalendarDays(day, -(trailingDays - 1));
  const rows = await db
    .select({
      kind: earningsEntry.kind,
      dealFundingId: earningsEntry.dealFundingId,
      amount: earningsEntry.amountFinancedCents,
      createdAt: earningsEntry.createdAt,
    })
    .from(earningsEntry)
    .where(
      and(
        eq(earningsEntry.vendorCompanyId, vendorCompanyId),
        inArray(earningsEntry.kind, ["accrued", "clawed-back"]),
        gte(earningsEntry.month, from.slice(0, 7)),
      ),
    );
  const clawed = new Set(rows.filter((row) => row.kind === "clawed-back").map((row) => row.dealFundingId));
  let volume = 0;
  for (const row of rows) {
    if (row.kind !== "accrued" || clawed.has(row.dealFundingId)) continue;
    const accruedOn = businessDayOf(row.createdAt, timeZone);
    if (accruedOn >= from && accruedOn <= day) volume += row.amount;
  }
  return volume;
}

/** What the company is owed on its ledger now (negative: it owes back clawed-back earnings). */
export async function earningsBalanceCents(db: DbExecutor, vendorCompanyId: string): Promise<number> {
  const [row] = await db
    .select({
      balance: sql<string>`coalesce(sum(case when ${earningsEntry.kind} = 'accrued' then ${earningsEntry.amountCents} else -${earningsEntry.amountCents} end), 0)`,
    })
    .from(earningsEntry)
    .where(eq(earningsEntry.vendorCompanyId, vendorCompanyId));
  return Number(row?.balance ?? 0);
}

export type EarningsQuote = {
  tierLabel: string;
  pointsBasisPoints: number;
  trailingVolumeCents: number;
  /** The deal's earnings at its tier. */
  earningsCents: number;
  payout: EarningsPayoutMode;
  /** What goes into the funding: the deal's earnings net of what the company owes, when paid with funding; else 0. */
  paidWithFundingCents: number;
};

/** The earnings a deal funding now would accrue, for the funding's lines (nothing is written). */
export async function quoteEarnings(
  db: DbExecutor,
  input: {
    vendorCompanyId: string;
    amountFinancedCents: number;
    at: Date;
    timeZone: string;
    /** The company's earnings inside approved fundings not paid yet (funding/earnings-in-flight.ts). */
    inFlightCents: number;
  },
): Promise<EarningsQuote> {
  const rules = await loadEarningsRules(db);
  const day = businessDayOf(input.at, input.timeZone);
  const [before, [company], balance] = await Promise.all([
    trailingVolumeCents(db, input.vendorCompanyId, day, rules.trailingDays, input.timeZone),
    db
      .select({ payout: vendorCompany.earningsPayout })
      .from(vendorCompany)
      .where(eq(vendorCompany.id, input.vendorCompanyId)),
    earningsBalanceCents(db, input.vendorCompanyId),
  ]);
  const deal = earningsForDeal(rules.tiers, before, input.amountFinancedCents);
  const payout = company?.payout ?? "monthly";
  return {
    tierLabel: deal.tier.label,
    pointsBasisPoints: deal.tier.pointsBasisPoints,
    trailingVolumeCents: deal.trailingVolumeCents,
    earningsCents: deal.earningsCents,
    payout,
    paidWithFundingCents:
      payout === "with-funding" ? earningsPaidWithFunding(deal.earningsCents, balance - input.inFlightCents) : 0,
  };
}

export type FundedDeal = {
  vendorCompanyId: string;
  dealId: string;
  dealFundingId: string;
  dealAccountNumber: string;
  businessName: string;
  amountFinancedCents: number;
};

/**
 * Accrues a funded deal's earnings, at the tier of the moment it funds (in the funding's
 * transaction). The quote is taken again here, so what is written is what the rules say now.
 */
export async function accrueEarnings(
  tx: DbExecutor,
  funded: FundedDeal,
  at: Date,
  timeZone: string,
): Promise<EarningsQuote> {
  // One accrual per company at a time: two of its fundings approved at once would otherwise each
  // read the trailing volume without the other, and a deal crossing a floor would miss its tier.
  await tx
    .select({ id: vendorCompany.id })
    .from(vendorCompany)
    .where(eq(vendorCompany.id, funded.vendorCompanyId))
    .for("update");
  // Only the deal's earnings and tier are written here; what its funding carried was fixed when it was prepared.
  const quote = await quoteEarnings(tx, { ...funded, at, timeZone, inFlightCents: 0 });
  await tx.insert(earningsEntry).values({
    ...funded,
    kind: "accrued",
    amountCents: quote.earningsCents,
    tierLabel: quote.tierLabel,
    pointsBasisPoints: quote.pointsBasisPoints,
    trailingVolumeCents: quote.trailingVolumeCents,
    month: businessDayOf(at, timeZone).slice(0, 7),
    createdAt: at,
  });
  return quote;
}

/**
 * A funded deal was cancelled: its accrued earnings are clawed back when it is within the window
 * after it funded. Returns the amount clawed back (0 when outside the window or nothing accrued).
 */
export async function clawBackEarnings(
  tx: DbExecutor,
  input: { dealFundingId: string; fundedOn: string; cancelledAt: Date; timeZone: string },
): Promise<number> {
  const [accrued] = await tx
    .select()
    .from(earningsEntry)
    .where(and(eq(earningsEntry.dealFundingId, input.dealFundingId), eq(earningsEntry.kind, "accrued")));
  // A deal that earned nothing (a 0% tier) is clawed back all the same: its line takes it out of the volume.
  if (!accrued) return 0;
  const { clawbackDays } = await loadEarningsRules(tx);
  const cancelledOn = businessDayOf(input.cancelledAt, input.timeZone);
  if (!clawedBack(input.fundedOn, cancelledOn, clawbackDays)) return 0;
  const inserted = await tx
    .insert(earningsEntry)
    .values({
      ...accrued,
      id: undefined,
      kind: "clawed-back",
      payoutEntryId: null,
      month: cancelledOn.slice(0, 7),
      createdAt: input.cancelledAt,
    })
    .onConflictDoNothing()
    .returning({ amount: earningsEntry.amountCents });
  return inserted[0]?.amount ?? 0;
}

/** The earnings paid inside a funding's payout entry (a company paid with funding). */
export async function recordFundingEarningsPaid(
  tx: DbExecutor,
  input: { dealFundingId: string; amountCents: number; payoutEntryId: string; at: Date; timeZone: string },
): Promise<void> {
  if (input.amountCents <= 0) return;
  const [accrued] = await tx
    .select()
    .from(earningsEntry)
    .where(and(eq(earningsEntry.dealFundingId, input.dealFundingId), eq(earningsEntry.kind, "accrued")));
  if (!accrued) return;
  await tx
    .insert(earningsEntry)
    .values({
      ...accrued,
      id: undefined,
      kind: "paid",
      amountCents: input.amountCents,
      payoutEntryId: input.payoutEntryId,
      month: businessDayOf(input.at, input.timeZone).slice(0, 7),
      createdAt: input.at,
    })
    .onConflictDoNothing();
}

/**
 * The companies paid monthly that are owed earnings for the months up to `throughMonth` (YYYY-MM):
 * what they accrued in those months less everything paid and clawed back so far, and less what
 * approved fundings still carry (`inFlight`, funding/earnings-in-flight.ts: a company paid with
 * funding when they were approved), when positive (a second batch in the same month finds
 * nothing more to pay).
 */
export async function monthlyEarningsOwed(
  db: DbExecutor,
  throughMonth: string,
  inFlight: ReadonlyMap<string, number>,
): Promise<{ vendorCompanyId: string; amountCents: number }[]> {
  const rows = await db
    .select({
      vendorCompanyId: earningsEntry.vendorCompanyId,
      balance: sql<string>`sum(case when ${earningsEntry.kind} <> 'accrued' then -${earningsEntry.amountCents} when ${earningsEntry.month} <= ${throughMonth} then ${earningsEntry.amountCents} else 0 end)`,
    })
    .from(earningsEntry)
    .innerJoin(vendorCompany, eq(vendorCompany.id, earningsEntry.vendorCompanyId))
    .where(eq(vendorCompany.earningsPayout, "monthly"))
    .groupBy(earningsEntry.vendorCompanyId);
  return rows
    .map((row) => ({
      vendorCompanyId: row.vendorCompanyId,
      amountCents: Number(row.balance) - (inFlight.get(row.vendorCompanyId) ?? 0),
    }))
    .filter((row) => row.amountCents > 0);
}

/** A monthly payment of a company's earnings, written as one `paid` line in the month it was paid. */
export async function recordMonthlyEarningsPaid(
  tx: DbExecutor,
  input: { vendorCompanyId: string; amountCents: number; payoutEntryId: string; at: Date; timeZone: string },
): Promise<void> {
  await tx.insert(earningsEntry).values({
    vendorCompanyId: input.vendorCompanyId,
    dealId: null,
    dealFundingId: null,
    dealAccountNumber: "",
    businessName: "",
    kind: "paid",
    amountCents: input.amountCents,
    amountFinancedCents: 0,
    tierLabel: "",
    pointsBasisPoints: 0,
    trailingVolumeCents: 0,
    month: businessDayOf(input.at, input.timeZone).slice(0, 7),
    payoutEntryId: input.payoutEntryId,
    createdAt: input.at,
  });
}

/** A returned payout: its `paid` lines are removed, so the balance is owed again. */
export async function reverseEarningsPaid(tx: DbExecutor, payoutEntryId: string): Promise<void> {
  await tx
    .delete(earningsEntry)
    .where(and(eq(earningsEntry.payoutEntryId, payoutEntryId), eq(earningsEntry.kind, "paid")));
}
