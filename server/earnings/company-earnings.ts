import { sql } from "drizzle-orm";
import type { CompanyEarnings } from "#domain/earnings/back-office-contracts.ts";
import { plainDollars, formatPoints } from "#domain/earnings/earnings-figures.ts";
import { tierForVolume } from "#domain/earnings/tier-rules.ts";
import { addCalendarDays, businessDayOf, startOfBusinessDay } from "#domain/site/business-day.ts";
import type { Database } from "../db/client.ts";
import { toCsv } from "../shared/csv/to-csv.ts";
import { loadEarningsRules } from "./earnings-ledger.ts";

type Row = {
  id: string;
  name: string;
  accrued: string;
  paid: string;
  clawed_back: string;
  trailing: string;
};

/**
 * Earnings per company with a ledger line, by name, and in total (docs/product-rules.md#r61-dealer-earnings):
 * accrued, paid and clawed back in the month (or all time), and each company's tier now from its
 * trailing funded volume (accrued in the window and not clawed back, as `trailingVolumeCents` counts it).
 * One grouped read of the ledger: companies with earnings are at most the vendor companies.
 */
export async function companyEarnings(
  db: Database,
  input: { month?: string; now: Date; timeZone: string },
): Promise<CompanyEarnings> {
  const rules = await loadEarningsRules(db);
  const today = businessDayOf(input.now, input.timeZone);
  const windowStart = startOfBusinessDay(addCalendarDays(today, -(rules.trailingDays - 1)), input.timeZone);
  const inPeriod = input.month ? sql`e.month = ${input.month}` : sql`true`;
  const result = (await db.execute(sql`
    with clawed as (
      select deal_funding_id from earnings_entry where kind = 'clawed-back' and deal_funding_id is not null
    )
    select c.id, c.name,
      coalesce(sum(e.amount_cents) filter (where e.kind = 'accrued' and ${inPeriod}), 0) as accrued,
      coalesce(sum(e.amount_cents) filter (where e.kind = 'paid' and ${inPeriod}), 0) as paid,
      coalesce(sum(e.amount_cents) filter (where e.kind = 'clawed-back' and ${inPeriod}), 0) as clawed_back,
      coalesce(sum(e.amount_financed_cents) filter (
        where e.kind = 'accrued' and e.created_at >= ${windowStart.toISOString()}::timestamptz and cl.deal_funding_id is null
      ), 0) as trailing
    from earnings_entry e
    join vendor_company c on c.id = e.vendor_company_id
    left join clawed cl on cl.deal_funding_id = e.deal_funding_id
    group by c.id, c.name
    order by c.name, c.id`)) as unknown as { rows: Row[] };
  const rows = result.rows;
  const companies = rows.map((row) => {
    const trailingVolumeCents = Number(row.trailing);
    const tier = tierForVolume(rules.tiers, trailingVolumeCents);
    const accruedCents = Number(row.accrued);
    const paidCents = Number(row.paid);
    const clawedBackCents = Number(row.clawed_back);
    return {
      id: row.id,
      name: row.name,
      tierLabel: tier.label,
      pointsBasisPoints: tier.pointsBasisPoints,
      trailingVolumeCents,
      accruedCents,
      paidCents,
      clawedBackCents,
      balanceCents: accruedCents - paidCents - clawedBackCents,
    };
  });
  const sum = (pick: (row: (typeof companies)[number]) => number) =>
    companies.reduce((total, row) => total + pick(row), 0);
  return {
    month: input.month ?? null,
    currentMonth: today.slice(0, 7),
    companies,
    total: {
      trailingVolumeCents: sum((row) => row.trailingVolumeCents),
      accruedCents: sum((row) => row.accruedCents),
      paidCents: sum((row) => row.paidCents),
      clawedBackCents: sum((row) => row.clawedBackCents),
      balanceCents: sum((row) => row.balanceCents),
    },
  };
}

/** The same table as CSV, with its total row; amounts in plain dollars from integer cents. */
export function companyEarningsCsv(earnings: CompanyEarnings): string {
  const row = (name: string, tier: string, points: string, figures: CompanyEarnings["total"]) => [
    earnings.month ?? "all",
    name,
    tier,
    points,
    plainDollars(figures.trailingVolumeCents),
    plainDollars(figures.accruedCents),
    plainDollars(figures.paidCents),
    plainDollars(figures.clawedBackCents),
    plainDollars(figures.balanceCents),
  ];
  return toCsv(
    ["period", "company", "tier", "points", "trailing_volume", "accrued", "paid", "clawed_back", "balance"],
    [
      ...earnings.companies.map((company) =>
        row(company.name, company.tierLabel, formatPoints(company.pointsBasisPoints), company),
      ),
      row("Total", "", "", earnings.total),
    ],
  );
}
