import { useFetcher } from "react-router";
import type { OutboxMail } from "#domain/mail/outbox-contracts.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Table, type TableColumn } from "../../../components/ui/table.tsx";
import type { RetryMailResult } from "./retry-mail-action.ts";

/** A mail's state; a pending one can be sent now through the route's action. */
function MailStatus({ mail }: { mail: OutboxMail }) {
  const fetcher = useFetcher<RetryMailResult>();
  return (
    <>
      {mail.status}
      {mail.lastError ? ` (last error: ${mail.lastError})` : ""}
      {mail.status === "pending" ? (
        <fetcher.Form method="post" className="inline">
          <input type="hidden" name="id" value={mail.id} />
          <button type="submit" className="ml-2 min-h-6 text-brand-700 underline" disabled={fetcher.state !== "idle"}>
            Retry now
          </button>
        </fetcher.Form>
      ) : null}
      {fetcher.state === "idle" && fetcher.data && "error" in fetcher.data ? (
        <Alert className="mt-1">{fetcher.data.error}</Alert>
      ) : null}
    </>
  );
}

const columns: TableColumn<OutboxMail>[] = [
  {
    key: "created",
    header: "Created",
    cell: (mail) => new Date(mail.createdAt).toLocaleString("en-US"),
    className: "whitespace-nowrap",
  },
  { key: "to", header: "To", cell: (mail) => mail.to },
  { key: "subject", header: "Subject", cell: (mail) => mail.subject },
  { key: "status", header: "Status", cell: (mail) => <MailStatus mail={mail} /> },
  { key: "attempts", header: "Attempts", cell: (mail) => mail.attempts },
  {
    key: "message",
    header: "Message",
    cell: (mail) => (
      <details>
        <summary className="cursor-pointer">Show</summary>
        <pre className="mt-2 max-w-md whitespace-pre-wrap">{mail.text}</pre>
      </details>
    ),
  },
];

/** Every e-mail the site sends, newest first. */
export function OutboxTable({ mails }: { mails: readonly OutboxMail[] }) {
  return (
    <Table caption="Outbox mails" columns={columns} rows={mails} rowKey={(mail) => mail.id} empty="No mail yet." />
  );
}
