import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import {
  downloadAchFile,
  recordReturnInput,
  type PayoutBatchView,
  type PayoutEntryView,
} from "#domain/payouts/back-office-contracts.ts";
import { formatCents, maskedAccount } from "#domain/payouts/payout-rules.ts";
import { returnCodeLabels, returnCodes, returnCodeText } from "#domain/payouts/return-codes.ts";
import { formatCalendarDate } from "#domain/site/business-time.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Table, type TableColumn } from "../../../components/ui/table.tsx";
import { TextareaField } from "../../../components/ui/textarea-field.tsx";
import { useToast } from "../../../components/ui/toast.tsx";
import { downloadUrl } from "../../../lib/call.ts";
import { useConfirmedDownload } from "../../auth/confirm-identity.tsx";

/** What the batch route's action is sent (JSON) and answers. */
export type RecordReturnAction = { entryId: string; returnCode: string; note: string };
export type RecordReturnResult = { ok: true } | { ok: false; error: string };

const codeOptions = returnCodes.map((code) => ({ value: code, label: `${code} ${returnCodeLabels[code]}` }));

/** "Record a return" for one entry: the bank's code and a note, in a dialog. */
function RecordReturn({ entry }: { entry: PayoutEntryView }) {
  const fetcher = useFetcher<RecordReturnResult>();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [returnCode, setReturnCode] = useState("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { state, data } = fetcher;
  useEffect(() => {
    if (state !== "idle" || !data) return;
    if (data.ok) toast({ title: "Return recorded", message: `Trace ${entry.traceNumber}`, tone: "success" });
  }, [state, data, toast, entry.traceNumber]);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = recordReturnInput.safeParse({ returnCode, note });
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    void fetcher.submit({ entryId: entry.id, ...checked.data } satisfies RecordReturnAction, {
      method: "post",
      encType: "application/json",
    });
  };
  const failed = state === "idle" && data && !data.ok ? data.error : undefined;
  // Once recorded the dialog closes (the entry then shows its return instead of this button).
  const recorded = state === "idle" && data?.ok === true;
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-label={`Record a return of trace ${entry.traceNumber}`}
      >
        Record a return
      </Button>
      <Dialog open={open && !recorded} onClose={() => setOpen(false)} title="Record a return">
        <Form noValidate aria-label="Record a return" onSubmit={submit} className="space-y-4">
          <p>
            {entry.companyName}, {entry.reference}: {formatCents(entry.amountCents)} to{" "}
            {maskedAccount(entry.accountNumberLast4)}, trace {entry.traceNumber}.
          </p>
          <SelectField
            label="Return code"
            required
            placeholder="Choose the bank's code"
            options={codeOptions}
            value={returnCode}
            error={errors.returnCode}
            onChange={(event) => setReturnCode(event.target.value)}
          />
          <TextareaField
            label="Note (for the credit team)"
            rows={3}
            value={note}
            error={errors.note}
            onChange={(event) => setNote(event.target.value)}
          />
          {failed ? <Alert>{failed}</Alert> : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={state !== "idle"}>
              Record the return
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}

const columns: TableColumn<PayoutEntryView>[] = [
  { key: "company", header: "Company", rowHeader: true, cell: (entry) => entry.companyName },
  {
    key: "deal",
    header: "Deal",
    cell: (entry) =>
      entry.dealId ? (
        <Link to={`/back-office/deals/${entry.dealId}`} className="text-brand-700 underline">
          {entry.reference} · {entry.businessName}
        </Link>
      ) : (
        entry.reference
      ),
  },
  { key: "amount", header: "Amount", cell: (entry) => formatCents(entry.amountCents) },
  { key: "routing", header: "Routing", cell: (entry) => entry.routingNumber },
  {
    key: "account",
    header: "Account",
    cell: (entry) => (
      <span aria-label={`account ending ${entry.accountNumberLast4}`}>{maskedAccount(entry.accountNumberLast4)}</span>
    ),
  },
  { key: "trace", header: "Trace", cell: (entry) => entry.traceNumber },
  {
    key: "status",
    header: "Status",
    cell: (entry) =>
      entry.status === "returned" ? (
        <span>
          Returned: {returnCodeText(entry.returnCode ?? "")}
          {entry.returnNote ? ` (${entry.returnNote})` : ""}
          {entry.returnedBy ? `, recorded by ${entry.returnedBy}` : ""}
        </span>
      ) : (
        <RecordReturn entry={entry} />
      ),
  },
];

/** A payout batch (docs/product-rules.md#r60-payout-batches): its entries, the file, a return per entry. */
export function PayoutBatchScreen({ view }: { view: PayoutBatchView }) {
  const { batch } = view;
  const [downloadError, setDownloadError] = useState("");
  const download = useConfirmedDownload(setDownloadError);
  return (
    <>
      <p>
        <Link to="/back-office/payouts" className="text-brand-700 underline">
          Payouts
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">
        ACH batch of {formatCalendarDate(batch.businessDay)} ({batch.fileIdModifier})
      </h1>
      <p className="mt-1">
        {batch.entryCount} {batch.entryCount === 1 ? "entry" : "entries"}, {formatCents(batch.totalCents)}; built by{" "}
        {batch.createdBy}, {new Date(batch.createdAt).toLocaleString("en-US")}.
      </p>
      <p className="mt-1 break-all text-sm text-slate-700">File SHA-256: {batch.fileSha256}</p>
      <p className="mt-3">
        <a
          href={downloadUrl(downloadAchFile, { params: { id: batch.id } })}
          onClick={download.onClick}
          className="text-brand-700 underline"
        >
          Download ACH file
        </a>
      </p>
      <Alert live className="mt-2">
        {downloadError}
      </Alert>
      {download.dialog}
      <Table
        caption="Entries of the batch"
        showCaption
        className="mt-6"
        columns={columns}
        rows={view.entries}
        rowKey={(entry) => entry.id}
        empty="This batch has no entries."
      />
    </>
  );
}
