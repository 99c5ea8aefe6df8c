import { useState } from "react";
import { exportLeadsCsv } from "#domain/leads/back-office-contracts.ts";
import { dateRange } from "#domain/forms/date-range.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { downloadUrl } from "../../../lib/call.ts";
import { useConfirmIdentity } from "../../auth/confirm-identity.tsx";

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const thirtyDaysAgo = () => isoDay(Date.now() - 30 * 86_400_000);
const today = () => isoDay(Date.now());

const linkClass = "min-h-11 py-2 text-brand-700 underline";

/**
 * The lead and deal exports of a date range. Exports need a fresh factor: confirm first (if
 * needed), then let the browser download the file. Rendered inside a flex row of filters.
 */
export function LeadExport() {
  const [from, setFrom] = useState(thirtyDaysAgo);
  const [to, setTo] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const identity = useConfirmIdentity();

  const download = async (href: string) => {
    // The export's own schema: an impossible or reversed range is said here, not answered as a JSON file.
    const range = dateRange.safeParse({ from, to });
    if (!range.success) return setError(range.error.issues[0]?.message ?? "Please check the dates.");
    setError(null);
    try {
      if (await identity.confirmed()) window.location.assign(href);
    } catch (failure) {
      setError(
        failure instanceof Error && "code" in failure ? failure.message : "Something went wrong. Please try again.",
      );
    }
  };
  const onDownload = (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    void download(event.currentTarget.href);
  };

  return (
    <>
      <TextField label="Export from" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
      <TextField label="Export to" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
      <a className={linkClass} href={downloadUrl(exportLeadsCsv, { query: { from, to } })} onClick={onDownload}>
        Export leads (CSV)
      </a>
      <a className={linkClass} href={`/api/back-office/export/deals.csv?from=${from}&to=${to}`} onClick={onDownload}>
        Export deals (CSV)
      </a>
      {identity.dialog}
      {error ? <Alert className="w-full">{error}</Alert> : null}
    </>
  );
}
