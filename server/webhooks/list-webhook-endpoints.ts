import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { WebhookDelivery, WebhookEndpoint } from "#domain/webhooks/portal-contracts.ts";
import type { Database } from "../db/client.ts";
import { webhookDelivery, webhookEndpoint, webhookEvent } from "./tables.ts";
import type { VendorScope } from "../shared/vendor-scope.ts";

const latestDeliveries = 10;

type EndpointRow = typeof webhookEndpoint.$inferSelect;

/** The company's endpoints (newest first), each with its latest deliveries; never a secret. */
export async function listWebhookEndpoints(db: Database, scope: VendorScope): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoint)
    .where(eq(webhookEndpoint.vendorCompanyId, scope.companyId))
    .orderBy(desc(webhookEndpoint.createdAt));
  return withDeliveries(db, rows);
}

export async function withDeliveries(db: Database, rows: EndpointRow[]): Promise<WebhookEndpoint[]> {
  if (rows.length === 0) return [];
  const ranked = db
    .select({
      id: webhookDelivery.id,
      endpointId: webhookDelivery.endpointId,
      eventId: webhookDelivery.eventId,
      eventType: webhookEvent.type,
      status: webhookDelivery.status,
      attempts: webhookDelivery.attempts,
      lastStatusCode: webhookDelivery.lastStatusCode,
      lastError: webhookDelivery.lastError,
      createdAt: webhookDelivery.createdAt,
      lastAttemptAt: webhookDelivery.lastAttemptAt,
      nextAttemptAt: webhookDelivery.nextAttemptAt,
      rank: sql<number>`row_number() over (partition by ${webhookDelivery.endpointId} order by ${webhookDelivery.createdAt} desc, ${webhookDelivery.id} desc)`.as(
        "rank",
      ),
    })
    .from(webhookDelivery)
    .innerJoin(webhookEvent, eq(webhookEvent.id, webhookDelivery.eventId))
    .where(
      inArray(
        webhookDelivery.endpointId,
        rows.map((row) => row.id),
      ),
    )
    .as("ranked");
  const deliveries = await db
    .select()
    .from(ranked)
    .where(and(sql`${ranked.rank} <= ${latestDeliveries}`))
    .orderBy(desc(ranked.createdAt), desc(ranked.id));
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    deliveries: deliveries
      .filter((delivery) => delivery.endpointId === row.id)
      .map((delivery): WebhookDelivery => ({
        id: delivery.id,
        eventId: delivery.eventId,
        eventType: delivery.eventType,
        status: delivery.status,
        attempts: delivery.attempts,
        lastStatusCode: delivery.lastStatusCode,
        lastError: delivery.lastError,
        createdAt: iso(delivery.createdAt)!,
        lastAttemptAt: iso(delivery.lastAttemptAt),
        nextAttemptAt: delivery.status === "pending" ? iso(delivery.nextAttemptAt) : null,
      })),
  }));
}

/** Subquery columns can come back as strings on some drivers. */
function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return new Date(value).toISOString();
}
