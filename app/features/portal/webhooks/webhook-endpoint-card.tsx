import { useState } from "react";
import {
  deletePortalWebhook,
  redeliverPortalWebhook,
  rollPortalWebhookSecret,
  updatePortalWebhook,
  type WebhookDelivery,
  type WebhookEndpoint,
} from "#domain/webhooks/portal-contracts.ts";
import { webhookEventLabels, type WebhookEventType } from "#domain/webhooks/events.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Table, type TableColumn } from "../../../components/ui/table.tsx";
import { ApiError, call } from "../../../lib/call.ts";
import { portalStepUpReason, useConfirmIdentity } from "../../auth/confirm-identity.tsx";
import { SigningSecret } from "./signing-secret.tsx";

const statusLabel = { pending: "Retrying", delivered: "Delivered", failed: "Failed" } as const;
const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

type Confirming = "delete" | "roll" | null;

/** One endpoint: what it receives, its latest deliveries (with Redeliver), and Disable/Enable, Roll secret, Delete. */
export function WebhookEndpointCard({ endpoint, onChanged }: { endpoint: WebhookEndpoint; onChanged: () => void }) {
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const identity = useConfirmIdentity(portalStepUpReason);

  const run = async (action: () => Promise<string | null>) => {
    setBusy(true);
    setResult(null);
    try {
      const message = await action();
      if (message) setResult({ ok: true, message });
      onChanged();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setResult({ ok: false, message: `That did not work. ${error.message}` });
    } finally {
      setBusy(false);
    }
  };
  const params = { id: endpoint.id };
  const toggle = () =>
    run(async () => {
      // Enabling sends events again: it asks for a fresh factor, as adding an endpoint does.
      if (!endpoint.enabled && !(await identity.confirmed())) return null;
      await call(updatePortalWebhook, { params, body: { enabled: !endpoint.enabled } });
      return endpoint.enabled ? "Endpoint disabled." : "Endpoint enabled.";
    });
  const redeliver = (delivery: WebhookDelivery) =>
    run(
      async () => (
        await call(redeliverPortalWebhook, { params: { id: endpoint.id, deliveryId: delivery.id } }),
        `Event ${delivery.eventId} queued again.`
      ),
    );
  const roll = () =>
    run(async () => {
      setConfirming(null);
      if (await identity.confirmed()) setSecret((await call(rollPortalWebhookSecret, { params })).secret);
      return null;
    });
  const remove = () =>
    run(async () => {
      setConfirming(null);
      await call(deletePortalWebhook, { params });
      return null;
    });

  const columns: TableColumn<WebhookDelivery>[] = [
    {
      key: "time",
      header: "Time",
      cell: (delivery) => when(delivery.lastAttemptAt ?? delivery.createdAt),
      className: "whitespace-nowrap",
    },
    { key: "event", header: "Event", cell: (delivery) => <code>{delivery.eventType}</code>, rowHeader: true },
    {
      key: "id",
      header: "Event id",
      cell: (delivery) => <code className="text-xs break-all">{delivery.eventId}</code>,
    },
    {
      key: "status",
      header: "Status",
      cell: (delivery) => (
        <>
          {statusLabel[delivery.status]}
          {delivery.lastError ? <span className="block text-sm text-slate-700">{delivery.lastError}</span> : null}
          {delivery.status === "pending" && delivery.nextAttemptAt && delivery.attempts > 0 ? (
            <span className="block text-sm text-slate-700">next try {when(delivery.nextAttemptAt)}</span>
          ) : null}
        </>
      ),
    },
    { key: "code", header: "Response", cell: (delivery) => delivery.lastStatusCode ?? "—" },
    { key: "attempts", header: "Attempts", cell: (delivery) => delivery.attempts },
    {
      key: "redeliver",
      header: <span className="sr-only">Actions</span>,
      cell: (delivery) => (
        <Button
          variant="ghost"
          disabled={busy || !endpoint.enabled}
          onClick={() => void redeliver(delivery)}
          aria-label={`Redeliver event ${delivery.eventId}`}
        >
          Redeliver
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby={`endpoint-${endpoint.id}`} className="mt-6 rounded-lg border border-slate-300 p-4">
      {identity.dialog}
      <h2 id={`endpoint-${endpoint.id}`} className="text-lg font-semibold break-all">
        {endpoint.url}
      </h2>
      {endpoint.description ? <p className="text-slate-700">{endpoint.description}</p> : null}
      <p className="mt-1">
        <span className="font-medium">Status: </span>
        <span role="status">{endpoint.enabled ? "Enabled" : "Disabled"}</span>
      </p>
      <p>
        <span className="font-medium">Events: </span>
        {endpoint.events.map((type) => webhookEventLabels[type as WebhookEventType] ?? type).join("; ")}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" disabled={busy} onClick={() => void toggle()}>
          {endpoint.enabled ? "Disable" : "Enable"}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => setConfirming("roll")}>
          Roll secret
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => setConfirming("delete")}>
          Delete
        </Button>
      </div>
      {result ? (
        <Alert tone={result.ok ? "success" : "error"} className="mt-3">
          {result.message}
        </Alert>
      ) : null}
      <h3 className="mt-4 font-semibold">Last deliveries</h3>
      <Table
        caption={`Last deliveries to ${endpoint.url}`}
        columns={columns}
        rows={endpoint.deliveries}
        rowKey={(delivery) => delivery.id}
        empty="No deliveries yet."
      />

      <Dialog
        open={confirming === "delete"}
        onClose={() => setConfirming(null)}
        title="Delete this endpoint?"
        role="alertdialog"
      >
        <p>{endpoint.url} gets no more events, and its delivery history is deleted.</p>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button onClick={() => void remove()}>Delete endpoint</Button>
        </div>
      </Dialog>
      <Dialog
        open={confirming === "roll"}
        onClose={() => setConfirming(null)}
        title="Roll the signing secret?"
        role="alertdialog"
      >
        <p>
          Deliveries from now on are signed with a new secret; the old one stops working at once. Update your system
          with the new secret.
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button onClick={() => void roll()}>Roll secret</Button>
        </div>
      </Dialog>
      <Dialog open={secret !== null} onClose={() => setSecret(null)} title="New signing secret">
        {secret ? <SigningSecret secret={secret} /> : null}
        <div className="mt-4 flex justify-end">
          <Button onClick={() => setSecret(null)}>Done</Button>
        </div>
      </Dialog>
    </section>
  );
}
