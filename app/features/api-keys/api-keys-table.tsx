import { useState } from "react";
import { useFetcher } from "react-router";
import type { ApiKeySummary } from "#domain/api-keys/contracts.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { Table, type TableColumn } from "../../components/ui/table.tsx";
import { apiKeyIntents, type ApiKeyActionResult } from "./api-key-actions.ts";

type Key = ApiKeySummary & { companyName?: string };

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en-US") : "Never");

/** Revoke, after a confirmation that says what it does; posted to the route's action. */
function RevokeKey({ apiKey }: { apiKey: Key }) {
  const fetcher = useFetcher<ApiKeyActionResult>();
  const [confirming, setConfirming] = useState(false);
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        disabled={fetcher.state !== "idle"}
        aria-label={`Revoke ${apiKey.name}`}
        onClick={() => setConfirming(true)}
      >
        Revoke
      </Button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Revoke ${apiKey.name}?`}
        role="alertdialog"
      >
        <p>
          Every system that uses the key {apiKey.prefix}… is refused from its next request on. This cannot be undone: a
          system that still needs access needs a new key.
        </p>
        <fetcher.Form
          method="post"
          className="mt-6 flex flex-wrap justify-end gap-2"
          onSubmit={() => setConfirming(false)}
        >
          <input type="hidden" name="id" value={apiKey.id} />
          <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button type="submit" name="intent" value={apiKeyIntents.revoke}>
            Revoke {apiKey.name}
          </Button>
        </fetcher.Form>
      </Dialog>
      {failed ? <Alert className="mt-1">{failed}</Alert> : null}
    </>
  );
}

/** A company's keys (or every company's, with `showCompany`): name, prefix, created, last used, Revoke. */
export function ApiKeysTable({ keys, showCompany = false }: { keys: readonly Key[]; showCompany?: boolean }) {
  const columns: TableColumn<Key>[] = [
    ...(showCompany ? [{ key: "company", header: "Company", cell: (key: Key) => key.companyName ?? "" }] : []),
    { key: "name", header: "Name", cell: (key) => key.name },
    { key: "prefix", header: "Key", cell: (key) => <code>{key.prefix}…</code> },
    { key: "created", header: "Created", cell: (key) => `${when(key.createdAt)} by ${key.createdBy}` },
    { key: "used", header: "Last used", cell: (key) => when(key.lastUsedAt) },
    { key: "actions", header: "Actions", cell: (key) => <RevokeKey apiKey={key} /> },
  ];
  return <Table caption="API keys" columns={columns} rows={keys} rowKey={(key) => key.id} empty="No API keys." />;
}
