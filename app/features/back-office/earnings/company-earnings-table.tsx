import { useState } from "react";
import { useNavigate } from "react-router";
import {
  exportCompanyEarningsCsv,
  type CompanyEarnings,
  type CompanyEarningsRow,
} from "#domain/earnings/back-office-contracts.ts";
import { formatCents, formatPoints, monthLabel } from "#domain/earnings/earnings-figures.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Table, type TableColumn } from "../../../components/ui/table.tsx";
import { downloadUrl } from "../../../lib/call.ts";
import { useConfirmedDownload } from "../../auth/confirm-identity.tsx";

type Row = Omit<CompanyEarningsRow, "tierLabel" | "pointsBasisPoints"> & { tier: string };

const columns: TableColumn<Row>[] = [
  { key: "name", header: "Company", rowHeader: true, cell: (row) => row.name },
  { key: "tier", header: "Tier now", cell: (row) => row.tier },
  { key: "volume", header: "Trailing volume", cell: (row) => formatCents(row.trailingVolumeCents) },
  { key: "accrued", header: "Accrued", cell: (row) => formatCents(row.accruedCents) },
  { key: "paid", header: "Paid", cell: (row) => formatCents(row.paidCents) },
  { key: "clawed-back", header: "Clawed back", cell: (row) => formatCents(row.clawedBackCents) },
  { key: "balance", header: "Balance", cell: (row) => formatCents(row.balanceCents) },
];

/** Twelve months back from the current one, newest first. */
function recentMonths(current: string): string[] {
  const [year, month] = current.split("-").map(Number);
  return Array.from({ length: 12 }, (_, back) => {
    const index = year! * 12 + (month! - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
  });
}

/** Staff's earnings per company and in total (docs/product-rules.md#r61-dealer-earnings), with the CSV export (a fresh factor). */
export function CompanyEarningsTable({ earnings }: { earnings: CompanyEarnings }) {
  const navigate = useNavigate();
  const [downloadError, setDownloadError] = useState("");
  const download = useConfirmedDownload(setDownloadError);
  const period = earnings.month ? monthLabel(earnings.month) : "all time";
  const rows: Row[] = [
    ...earnings.companies.map((company) => ({
      ...company,
      tier: `${company.tierLabel}, ${formatPoints(company.pointsBasisPoints)}`,
    })),
    ...(earnings.companies.length ? [{ id: "total", name: "Total", tier: "", ...earnings.total }] : []),
  ];
  return (
    <>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <SelectField
          label="Period"
          options={[
            { value: "", label: "All time" },
            ...recentMonths(earnings.currentMonth).map((month) => ({ value: month, label: monthLabel(month) })),
          ]}
          value={earnings.month ?? ""}
          onChange={(event) => void navigate(event.target.value ? `?month=${event.target.value}` : "?")}
        />
        <a
          href={downloadUrl(exportCompanyEarningsCsv, { query: earnings.month ? { month: earnings.month } : {} })}
          onClick={download.onClick}
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2"
        >
          Export as CSV<span className="sr-only"> ({period})</span>
        </a>
      </div>
      <Alert live className="mt-2">
        {downloadError}
      </Alert>
      <Table
        caption={`Earnings per company, ${period}`}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        rowClassName={(row) => (row.id === "total" ? "font-bold" : "")}
        empty="No company has earnings yet: they accrue when a deal funds."
      />
      {download.dialog}
    </>
  );
}
