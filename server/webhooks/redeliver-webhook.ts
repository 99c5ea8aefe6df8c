import { and, count, eq, gt, max, min, sql } from "drizzle-orm";
import {
  redeliverEventIntervalSeconds,
  redeliverMessages,
  redeliveriesPerEndpointPerHour,
} from "#domain/webhooks/redeliver-limits.ts";
import type { Database } from "../db/client.ts";
import { webhookDelivery } from "./tables.ts";
import { wakeAfterCommit } from "../db/wake-after-commit.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { VendorScope } from "../shared/vendor-scope.ts";
import { findWebhookEndpoint } from "./find-webhook-endpoint.ts";

const hourMs = 60 * 60 * 1000;

/** 429 with the seconds until a redelivery would be accepted (the route's `retry-after`). */
function tooSoon(message: string, allowedAt: number, now: Date) {
  return new AppError("RATE_LIMITED", message, {
    retryAfterSeconds: Math.max(1, Math.ceil((allowedAt - now.getTime()) / 1000)),
  });
}

/**
 * Queues the event of one of the endpoint's deliveries again, as a new delivery due now: the
 * receiver gets the same event id (and body), so it can recognise a repeat. Audited. Limited per
 * event and per endpoint (domain/webhooks/redeliver-limits.ts), counted from the redeliveries
 * themselves under a lock on the endpoint, so parallel calls cannot all pass.
 */
export async function redeliverWebhook(
  db: Database,
  scope: VendorScope,
  endpointId: string,
  deliveryId: string,
  ipAddress: string,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const endpoint = await findWebhookEndpoint(tx, scope, endpointId);
    const [previous] = await tx
      .select({ eventId: webhookDelivery.eventId })
      .from(webhookDelivery)
      .where(and(eq(webhookDelivery.id, deliveryId), eq(webhookDelivery.endpointId, endpoint.id)));
    if (!previous) throw new AppError("NOT_FOUND", "Not found.");
    if (!endpoint.enabled) throw new AppError("CONFLICT", "This endpoint is disabled. Enable it to send events again.");

    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook-redeliver:${endpoint.id}`}))`);
    // Read after the lock: a call that waited for it counts from when it got it.
    const now = new Date();
    const recent = and(
      eq(webhookDelivery.endpointId, endpoint.id),
      eq(webhookDelivery.redelivery, true),
      gt(webhookDelivery.createdAt, new Date(now.getTime() - hourMs)),
    );
    const [ofEvent] = await tx
      .select({ last: max(webhookDelivery.createdAt) })
      .from(webhookDelivery)
      .where(and(recent, eq(webhookDelivery.eventId, previous.eventId)));
    const eventAllowedAt = ofEvent?.last ? ofEvent.last.getTime() + redeliverEventIntervalSeconds * 1000 : 0;
    if (eventAllowedAt > now.getTime()) throw tooSoon(redeliverMessages.event, eventAllowedAt, now);
    const [ofEndpoint] = await tx
      .select({ n: count(), first: min(webhookDelivery.createdAt) })
      .from(webhookDelivery)
      .where(recent);
    if (ofEndpoint!.n >= redeliveriesPerEndpointPerHour)
      throw tooSoon(redeliverMessages.endpoint, ofEndpoint!.first!.getTime() + hourMs, now);

    const [created] = await tx
      .insert(webhookDelivery)
      .values({ eventId: previous.eventId, endpointId: endpoint.id, redelivery: true, createdAt: now })
      .returning({ id: webhookDelivery.id });
    wakeAfterCommit(tx, "webhooks");
    await recordAudit(tx, {
      action: "webhook.redeliver",
      actorUserId: scope.userId,
      subject: endpoint.id,
      ipAddress,
      details: { eventId: previous.eventId, deliveryId },
    });
    return created!;
  });
}
