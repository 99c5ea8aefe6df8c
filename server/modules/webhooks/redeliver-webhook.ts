import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { webhookDelivery } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { VendorScope } from "../deals/vendor-scope.ts";
import { findWebhookEndpoint } from "./find-webhook-endpoint.ts";

/**
 * Queues the event of one of the endpoint's deliveries again, as a new delivery due now: the
 * receiver gets the same event id (and body), so it can recognise a repeat. Audited.
 */
export async function redeliverWebhook(db: Database, scope: VendorScope, endpointId: string, deliveryId: string, ipAddress: string): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const endpoint = await findWebhookEndpoint(tx, scope, endpointId);
    const [previous] = await tx
      .select({ eventId: webhookDelivery.eventId })
      .from(webhookDelivery)
      .where(and(eq(webhookDelivery.id, deliveryId), eq(webhookDelivery.endpointId, endpoint.id)));
    if (!previous) throw new AppError("NOT_FOUND", "Not found.");
    if (!endpoint.enabled) throw new AppError("CONFLICT", "This endpoint is disabled. Enable it to send events again.");
    const [created] = await tx.insert(webhookDelivery).values({ eventId: previous.eventId, endpointId: endpoint.id }).returning({ id: webhookDelivery.id });
    await recordAudit(tx, { action: "webhook.redeliver", actorUserId: scope.userId, subject: endpoint.id, ipAddress, details: { eventId: previous.eventId, deliveryId } });
    return created!;
  });
}
