import { useState } from "react";
import { useRevalidator } from "react-router";
import type { WebhookEndpoint } from "#domain/webhooks/portal-contracts.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Empty } from "../../../components/ui/page-state.tsx";
import { AddWebhookDialog } from "./add-webhook-dialog.tsx";
import { WebhookEndpointCard } from "./webhook-endpoint-card.tsx";

/** The portal's Webhooks screen: the company's endpoints and Add endpoint. */
export function WebhooksPage({ endpoints }: { endpoints: readonly WebhookEndpoint[] }) {
  const revalidator = useRevalidator();
  const [adding, setAdding] = useState(false);
  const [addKey, setAddKey] = useState(0);
  const refresh = () => void revalidator.revalidate();
  return (
    <>
      <h1 className="text-2xl font-bold">Webhooks</h1>
      <p className="mt-1 max-w-prose text-slate-700">
        Your system hears the moment a deal is submitted, changes stage or gets a message: we send a signed POST to each
        address you add here, and try again for up to three days while it does not answer.
      </p>
      <Button
        className="mt-4"
        onClick={() => {
          setAddKey((key) => key + 1);
          setAdding(true);
        }}
      >
        Add endpoint
      </Button>
      {endpoints.length === 0 ? (
        <Empty className="mt-4">No endpoints yet.</Empty>
      ) : (
        endpoints.map((endpoint) => <WebhookEndpointCard key={endpoint.id} endpoint={endpoint} onChanged={refresh} />)
      )}
      {adding ? <AddWebhookDialog key={addKey} open onClose={() => setAdding(false)} onCreated={refresh} /> : null}
    </>
  );
}
