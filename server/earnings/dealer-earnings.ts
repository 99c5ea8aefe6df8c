import { and, asc, desc, eq, sql } from "drizzle-orm";
import { exampleDealCents } from "#domain/earnings/earnings-figures.ts";
import type {
  DealerEarnings,
  EarningsDealLine,
  EarningsGlance,
  EarningsMonthTotals,
} from "#domain/earnings/portal-contracts.ts";
import { earningsOnAmount, nextTier, tierForVolume } from "#domain/earnings/tier-rules.ts";
import { businessDayOf } from "#domain/site/business-day.ts";
import type { DbExecutor } from "../db/client.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { earningsBalanceCents, loadEarningsRules, trailingVolumeCents } from "./earnings-ledger.ts";
import { earningsEntry } from "./tables.ts";

// The dealer's earnings (docs/product-rules.md#r61-dealer-earnings), always read by the company the
// session gives (`VendorScope.companyId`): every query below filters on it.

/** The company's tier now: the trailing funded volume up to today and the tier it reaches. */
async function tierNow(db: DbExecutor, companyId: string, now: Date, timeZone: string) {
  const rules = await loadEarningsRules(db);
  const volume = await trailingVolumeCents(db, companyId, businessDayOf(now, timeZone), rules.trailingDays, timeZone);
  return { rules, volume, tier: tierForVolume(rules.tiers, volume) };
}

/** Every month's totals by kind, newest first. */
async function monthTotals(db: DbExecutor, companyId: string): Promise<EarningsMonthTotals[]> {
  const rows = await db
    .select({
      month: earningsEntry.month,
      accrued: sql<string>`coalesce(sum(${earningsEntry.amountCents}) filter (where ${earningsEntry.kind} = 'accrued'), 0)`,
      paid: sql<string>`coalesce(sum(${earningsEntry.amountCents}) filter (where ${earningsEntry.kind} = 'paid'), 0)`,
      clawedBack: sql<string>`coalesce(sum(${earningsEntry.amountCents}) filter (where ${earningsEntry.kind} = 'clawed-back'), 0)`,
    })
    .from(earningsEntry)
    .where(eq(earningsEntry.vendorCompanyId, companyId))
    .groupBy(earningsEntry.month)
    .orderBy(desc(earningsEntry.month));
  return rows.map((row) => ({
    month: row.month,
    accruedCents: Number(row.accrued),
    paidCents: Number(row.paid),
    clawedBackCents: Number(row.clawedBack),
  }));
}

/**
 * A month's lines, one per deal (its accrued, paid and clawed-back amounts in that month) and one
 * per monthly payment, in the order they were written.
 */
export async function monthDealLines(
  db: DbExecutor,
  companyId: string,
  month: string,
  timeZone: string,
): Promise<EarningsDealLine[]> {
  const entries = await db
    .select()
    .from(earningsEntry)
    .where(and(eq(earningsEntry.vendorCompanyId, companyId), eq(earningsEntry.month, month)))
    .orderBy(asc(earningsEntry.createdAt), asc(earningsEntry.id));
  const lines = new Map<string, EarningsDealLine>();
  for (const entry of entries) {
    const key = entry.dealFundingId ?? entry.id;
    let line = lines.get(key);
    if (!line) {
      line = {
        date: businessDayOf(entry.createdAt, timeZone),
        accountNumber: entry.dealAccountNumber,
        businessName: entry.businessName,
        amountFinancedCents: entry.amountFinancedCents,
        tierLabel: entry.tierLabel,
        pointsBasisPoints: entry.pointsBasisPoints,
        accruedCents: 0,
        paidCents: 0,
        clawedBackCents: 0,
      };
      lines.set(key, line);
    }
    if (entry.kind === "accrued") line.accruedCents += entry.amountCents;
    else if (entry.kind === "paid") line.paidCents += entry.amountCents;
    else line.clawedBackCents += entry.amountCents;
  }
  return [...lines.values()];
}

/** The Earnings screen: tier, trailing volume, next tier, balance, the month's deals and every month's totals. */
export async function dealerEarnings(
  db: DbExecutor,
  companyId: string,
  input: { month?: string; now: Date; timeZone: string },
): Promise<DealerEarnings> {
  const currentMonth = businessDayOf(input.now, input.timeZone).slice(0, 7);
  const month = input.month ?? currentMonth;
  const [{ rules, volume, tier }, balance, months, deals, [company]] = await Promise.all([
    tierNow(db, companyId, input.now, input.timeZone),
    earningsBalanceCents(db, companyId),
    monthTotals(db, companyId),
    monthDealLines(db, companyId, month, input.timeZone),
    db.select({ payout: vendorCompany.earningsPayout }).from(vendorCompany).where(eq(vendorCompany.id, companyId)),
  ]);
  const next = nextTier(rules.tiers, volume);
  return {
    month,
    currentMonth,
    tier: { label: tier.label, pointsBasisPoints: tier.pointsBasisPoints },
    trailingVolumeCents: volume,
    trailingDays: rules.trailingDays,
    clawbackDays: rules.clawbackDays,
    next: next
      ? {
          label: next.tier.label,
          pointsBasisPoints: next.tier.pointsBasisPoints,
          volumeNeededCents: next.volumeNeededCents,
          exampleEarningsCents: earningsOnAmount(exampleDealCents, next.tier.pointsBasisPoints),
        }
      : null,
    exampleDealCents,
    balanceCents: balance,
    thisMonthAccruedCents: months.find((totals) => totals.month === currentMonth)?.accruedCents ?? 0,
    payout: company?.payout ?? "monthly",
    deals,
    months,
  };
}

/** The dashboard's glance: the tier now and what accrued this business month. */
export async function earningsGlance(
  db: DbExecutor,
  companyId: string,
  now: Date,
  timeZone: string,
): Promise<EarningsGlance> {
  const month = businessDayOf(now, timeZone).slice(0, 7);
  const [{ tier }, [accrued]] = await Promise.all([
    tierNow(db, companyId, now, timeZone),
    db
      .select({ cents: sql<string>`coalesce(sum(${earningsEntry.amountCents}), 0)` })
      .from(earningsEntry)
      .where(
        and(
          eq(earningsEntry.vendorCompanyId, companyId),
          eq(earningsEntry.month, month),
          eq(earningsEntry.kind, "accrued"),
        ),
      ),
  ]);
  return {
    tier: { label: tier.label, pointsBasisPoints: tier.pointsBasisPoints },
    month,
    thisMonthAccruedCents: Number(accrued?.cents ?? 0),
  };
}

/** What a month's statement says: the company, the month's lines and totals, and the balance at its end. */
export async function statementFacts(db: DbExecutor, companyId: string, month: string, timeZone: string) {
  const [lines, [company], [closing]] = await Promise.all([
    monthDealLines(db, companyId, month, timeZone),
    db.select({ name: vendorCompany.name }).from(vendorCompany).where(eq(vendorCompany.id, companyId)),
    db
      .select({
        balance: sql<string>`coalesce(sum(case when ${earningsEntry.kind} = 'accrued' then ${earningsEntry.amountCents} else -${earningsEntry.amountCents} end), 0)`,
      })
      .from(earningsEntry)
      .where(and(eq(earningsEntry.vendorCompanyId, companyId), sql`${earningsEntry.month} <= ${month}`)),
  ]);
  const sum = (pick: (line: EarningsDealLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    companyName: company?.name ?? "",
    month,
    lines,
    totals: {
      accruedCents: sum((line) => line.accruedCents),
      paidCents: sum((line) => line.paidCents),
      clawedBackCents: sum((line) => line.clawedBackCents),
    },
    closingBalanceCents: Number(closing?.balance ?? 0),
  };
}

export type StatementFacts = Awaited<ReturnType<typeof statementFacts>>;
