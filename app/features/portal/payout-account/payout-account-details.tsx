import { bankAccountTypeLabels } from "#domain/payout-accounts/payout-account-rules.ts";
import type { PayoutAccountView } from "#domain/payout-accounts/portal-contracts.ts";
import { Table, type TableColumn } from "../../../components/ui/table.tsx";

/** A date and time in the lender's time zone ("Mar 4, 2026, 9:05 AM"). */
export const payoutDateTime = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString("en-US", { timeZone, dateStyle: "medium", timeStyle: "short" });

/** One account, masked: holder, routing number, the last four, type, status and who did what when. */
export function PayoutAccountDetails({ account, timeZone }: { account: PayoutAccountView; timeZone: string }) {
  const rows: [string, string][] = [
    ["Account holder", account.holderName],
    ["Routing number", account.routingNumber],
    ["Account number", account.accountNumberMasked],
    ["Type", bankAccountTypeLabels[account.accountType]],
    ["Status", account.statusText],
    ["Entered", `${payoutDateTime(account.enteredAt, timeZone)} by ${account.enteredBy}`],
  ];
  if (account.confirmedAt)
    rows.push(["Confirmed", `${payoutDateTime(account.confirmedAt, timeZone)} by ${account.confirmedBy ?? "—"}`]);
  return (
    <dl className="mt-2 grid max-w-2xl grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium">{term}</dt>
          <dd className="mb-2 break-words sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Every account the company entered, newest first, masked. */
export function PayoutAccountHistory({
  history,
  timeZone,
  caption,
}: {
  history: readonly PayoutAccountView[];
  timeZone: string;
  caption: string;
}) {
  const columns: TableColumn<PayoutAccountView>[] = [
    {
      key: "account",
      header: "Account",
      cell: (account) => `${account.accountNumberMasked} at ${account.routingNumber}`,
      rowHeader: true,
    },
    { key: "holder", header: "Holder", cell: (account) => account.holderName },
    { key: "type", header: "Type", cell: (account) => bankAccountTypeLabels[account.accountType] },
    { key: "status", header: "Status", cell: (account) => account.statusText },
    {
      key: "entered",
      header: "Entered",
      cell: (account) => `${payoutDateTime(account.enteredAt, timeZone)} by ${account.enteredBy}`,
    },
    {
      key: "confirmed",
      header: "Confirmed",
      cell: (account) =>
        account.confirmedAt ? `${payoutDateTime(account.confirmedAt, timeZone)} by ${account.confirmedBy ?? "—"}` : "—",
    },
    {
      key: "ended",
      header: "Ended",
      cell: (account) => (account.endedAt ? payoutDateTime(account.endedAt, timeZone) : "—"),
    },
  ];
  return (
    <Table
      caption={caption}
      columns={columns}
      rows={history}
      rowKey={(account) => account.id}
      empty="No accounts yet."
    />
  );
}
