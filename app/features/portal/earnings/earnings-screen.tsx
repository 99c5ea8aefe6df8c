import { useNavigate } from "react-router";
import { earningsEntryKindLabels, earningsPayoutModeLabels } from "#domain/earnings/earnings-shapes.ts";
import { formatCents, formatPoints, monthLabel } from "#domain/earnings/earnings-figures.ts";
import {
  downloadEarningsStatementCsv,
  downloadEarningsStatementPdf,
  type DealerEarnings,
  type EarningsDealLine,
  type EarningsMonthTotals,
} from "#domain/earnings/portal-contracts.ts";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Table, type TableColumn } from "../../../components/ui/table.tsx";
import { downloadUrl } from "../../../lib/call.ts";

const dealColumns: TableColumn<EarningsDealLine>[] = [
  { key: "date", header: "Date", cell: (line) => line.date },
  {
    key: "deal",
    header: "Deal",
    rowHeader: true,
    cell: (line) => line.accountNumber || "Monthly payment",
  },
  { key: "business", header: "Business", cell: (line) => line.businessName || "—" },
  {
    key: "financed",
    header: "Amount financed",
    cell: (line) => (line.accountNumber ? formatCents(line.amountFinancedCents) : "—"),
  },
  {
    key: "tier",
    header: "Tier",
    cell: (line) => (line.accountNumber ? `${line.tierLabel}, ${formatPoints(line.pointsBasisPoints)}` : "—"),
  },
  { key: "accrued", header: earningsEntryKindLabels.accrued, cell: (line) => formatCents(line.accruedCents) },
  { key: "paid", header: earningsEntryKindLabels.paid, cell: (line) => formatCents(line.paidCents) },
  {
    key: "clawed-back",
    header: earningsEntryKindLabels["clawed-back"],
    cell: (line) => formatCents(line.clawedBackCents),
  },
];

function StatementLinks({ month }: { month: string }) {
  const link = "inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2";
  return (
    <span className="flex flex-wrap gap-x-4">
      <a className={link} href={downloadUrl(downloadEarningsStatementCsv, { params: { month } })} download>
        CSV<span className="sr-only"> statement for {monthLabel(month)}</span>
      </a>
      <a className={link} href={downloadUrl(downloadEarningsStatementPdf, { params: { month } })} download>
        PDF<span className="sr-only"> statement for {monthLabel(month)}</span>
      </a>
    </span>
  );
}

const monthColumns: TableColumn<EarningsMonthTotals>[] = [
  { key: "month", header: "Month", rowHeader: true, cell: (totals) => monthLabel(totals.month) },
  { key: "accrued", header: earningsEntryKindLabels.accrued, cell: (totals) => formatCents(totals.accruedCents) },
  { key: "paid", header: earningsEntryKindLabels.paid, cell: (totals) => formatCents(totals.paidCents) },
  {
    key: "clawed-back",
    header: earningsEntryKindLabels["clawed-back"],
    cell: (totals) => formatCents(totals.clawedBackCents),
  },
  { key: "statement", header: "Statement", cell: (totals) => <StatementLinks month={totals.month} /> },
];

function Figure({ label, value, detail }: { label: string; value: string; detail?: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="text-2xl font-bold">{value}</dd>
      {detail ? <dd className="mt-1 text-sm">{detail}</dd> : null}
    </div>
  );
}

/** The dealer's Earnings screen (docs/product-rules.md#r61-dealer-earnings): tier, volume, next tier, balance, ledger, statements. */
export function EarningsScreen({ earnings }: { earnings: DealerEarnings }) {
  const navigate = useNavigate();
  const monthOptions = [
    ...new Set([earnings.currentMonth, earnings.month, ...earnings.months.map((totals) => totals.month)]),
  ]
    .sort()
    .reverse()
    .map((month) => ({ value: month, label: monthLabel(month) }));
  return (
    <>
      <h1 className="text-2xl font-bold">Earnings</h1>
      <p className="mt-1 max-w-3xl">
        You earn points on the amount financed of each deal that funds, at the tier your funded volume of the last{" "}
        {earnings.trailingDays} days reaches. Earnings are paid{" "}
        {earningsPayoutModeLabels[earnings.payout].toLowerCase()}
        {earnings.payout === "monthly" ? " for the month before" : ""}; a deal cancelled within {earnings.clawbackDays}{" "}
        days of funding gives its earnings back.
      </p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure
          label="Your tier"
          value={earnings.tier.label}
          detail={`${formatPoints(earnings.tier.pointsBasisPoints)} of the amount financed`}
        />
        <Figure
          label={`Funded in the last ${earnings.trailingDays} days`}
          value={formatCents(earnings.trailingVolumeCents)}
        />
        <Figure
          label="Next tier"
          value={earnings.next ? earnings.next.label : "Top tier reached"}
          detail={
            earnings.next
              ? `${formatCents(earnings.next.volumeNeededCents)} more funded volume: ${formatPoints(earnings.next.pointsBasisPoints)}, on a ${formatCents(earnings.exampleDealCents)} deal: ${formatCents(earnings.next.exampleEarningsCents)}`
              : undefined
          }
        />
        <Figure
          label="Balance owed to you"
          value={formatCents(earnings.balanceCents)}
          detail={earnings.balanceCents < 0 ? "Clawed-back earnings the next payments net out" : undefined}
        />
      </dl>

      <section aria-labelledby="earnings-deals-heading" className="mt-8">
        <h2 id="earnings-deals-heading" className="text-xl font-bold">
          Deals in {monthLabel(earnings.month)}
        </h2>
        <div className="mt-2 flex flex-wrap items-end gap-4">
          <SelectField
            label="Month"
            options={monthOptions}
            value={earnings.month}
            onChange={(event) => void navigate(`?month=${event.target.value}`)}
          />
          <p>
            Statement for {monthLabel(earnings.month)}: <StatementLinks month={earnings.month} />
          </p>
        </div>
        <Table
          caption={`Earnings by deal, ${monthLabel(earnings.month)}`}
          columns={dealColumns}
          rows={earnings.deals}
          rowKey={(line) => String(earnings.deals.indexOf(line))}
          empty={`No earnings in ${monthLabel(earnings.month)}.`}
        />
      </section>

      <section aria-labelledby="earnings-months-heading" className="mt-8">
        <h2 id="earnings-months-heading" className="text-xl font-bold">
          By month
        </h2>
        <Table
          caption="Earnings by month, with statements"
          columns={monthColumns}
          rows={earnings.months}
          rowKey={(totals) => totals.month}
          empty="No earnings yet: they accrue when a deal funds."
        />
      </section>
    </>
  );
}
