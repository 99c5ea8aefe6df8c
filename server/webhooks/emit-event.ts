import { and, arrayContains, eq } from "drizzle-orm";
import type { WebhookEventContent } from "#domain/webhooks/event-payloads.ts";
import type { DbExecutor } from "../db/client.ts";
import { webhookDelivery, webhookEndpoint, webhookEvent } from "./tables.ts";
import { wakeAfterCommit } from "../db/wake-after-commit.ts";

/**
 * Records an event for a vendor company and one pending delivery per enabled endpoint of that
 * company subscribed to its type, in the caller's transaction (the outbox pattern: the change and
 * its deliveries commit together, and the worker, woken after the commit, sends them). Nothing is stored when no
 * endpoint
 * listens. The data is stored as it is now: every attempt and redelivery sends it unchanged.
 * Returns the event id, or null.
 */
export async function emitWebhookEvent(
  tx: DbExecutor,
  vendorCompanyId: string,
  { type, data }: WebhookEventContent,
): Promise<string | null> {
  const endpoints = await tx
    .select({ id: webhookEndpoint.id })
    .from(webhookEndpoint)
    .where(
      and(
        eq(webhookEndpoint.vendorCompanyId, vendorCompanyId),
        eq(webhookEndpoint.enabled, true),
        arrayContains(webhookEndpoint.events, [type]),
      ),
    );
  if (endpoints.length === 0) return null;
  const [event] = await tx
    .insert(webhookEvent)
    .values({ vendorCompanyId, type, payload: data })
    .returning({ id: webhookEvent.id });
  await tx
    .insert(webhookDelivery)
    .values(endpoints.map((endpoint) => ({ eventId: event!.id, endpointId: endpoint.id })));
  wakeAfterCommit(tx, "webhooks");
  return event!.id;
}
