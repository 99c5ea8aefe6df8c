import { eq, inArray, sql } from "drizzle-orm";
import { webhookEventIdHeader, webhookSignatureHeader } from "#domain/webhooks/events.ts";
import { nextRetryDelayMs } from "#domain/webhooks/retry-schedule.ts";
import type { Database } from "../db/client.ts";
import { webhookDelivery, webhookEndpoint, webhookEvent } from "./tables.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { isLoopbackAddress } from "./address-policy.ts";
import { checkWebhookTarget, WebhookTargetError } from "./check-target.ts";
import { postWebhook } from "./post-webhook.ts";
import { signatureHeader } from "./sign-payload.ts";
import { inSpan } from "../telemetry.ts";

type Logger = { warn(obj: object, msg: string): void };

export type WebhookWorkerOptions = {
  allowLoopback: boolean;
  /** Tests: connect to loopback addresses only, so no test ever sends to another machine. */
  loopbackOnly?: boolean;
  timeoutMs: number;
  /** A claimed delivery is invisible to other workers this long; a crashed worker's claim then lapses. */
  claimLeaseSeconds: number;
  batchSize?: number;
  log: Logger;
};

type Claimed = { id: string; event_id: string; endpoint_id: string; attempts: number };

/** The exact bytes sent for an event (domain/webhooks/event-payloads.ts): the same on every attempt and redelivery. */
export function webhookBody(event: { id: string; type: string; createdAt: Date; payload: unknown }): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created: Math.floor(event.createdAt.getTime() / 1000),
    data: event.payload,
  });
}

/**
 * Sends due webhook deliveries once, a batch at a time in parallel; returns how many were
 * delivered (2xx). Safe on several servers: rows are claimed with FOR UPDATE SKIP LOCKED and a
 * lease, as the mail outbox does. Each attempt checks the address again (check-target.ts).
 */
export async function deliverDueWebhooks(
  db: Database,
  cipher: FieldCipher,
  options: WebhookWorkerOptions,
): Promise<number> {
  const claimed = (await db.execute(sql`
    UPDATE webhook_delivery SET attempts = attempts + 1, last_attempt_at = now(),
      next_attempt_at = now() + make_interval(secs => ${options.claimLeaseSeconds})
    WHERE id IN (
      SELECT id FROM webhook_delivery WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at LIMIT ${options.batchSize ?? 20} FOR UPDATE SKIP LOCKED)
    RETURNING id, event_id, endpoint_id, attempts`)) as unknown as { rows: Claimed[] };
  if (claimed.rows.length === 0) return 0;
  const events = await db
    .select()
    .from(webhookEvent)
    .where(inArray(webhookEvent.id, [...new Set(claimed.rows.map((row) => row.event_id))]));
  const endpoints = await db
    .select()
    .from(webhookEndpoint)
    .where(inArray(webhookEndpoint.id, [...new Set(claimed.rows.map((row) => row.endpoint_id))]));
  const results = await Promise.all(
    claimed.rows.map(async (delivery) => {
      const event = events.find((row) => row.id === delivery.event_id)!;
      const endpoint = endpoints.find((row) => row.id === delivery.endpoint_id)!;
      const outcome = endpoint.enabled
        ? await attempt(cipher, options, event, endpoint)
        : { statusCode: null, error: "endpoint disabled", final: true };
      await record(db, delivery, outcome);
      if (outcome.error)
        options.log.warn(
          {
            deliveryId: delivery.id,
            eventId: event.id,
            attempts: delivery.attempts,
            statusCode: outcome.statusCode,
            reason: outcome.error,
          },
          "webhook delivery failed",
        );
      return outcome.error ? 0 : 1;
    }),
  );
  return results.reduce<number>((sum, value) => sum + value, 0);
}

type Outcome = { statusCode: number | null; error: string | null; final?: boolean };

async function attempt(
  cipher: FieldCipher,
  options: WebhookWorkerOptions,
  event: typeof webhookEvent.$inferSelect,
  endpoint: typeof webhookEndpoint.$inferSelect,
): Promise<Outcome> {
  const body = webhookBody(event);
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const target = await checkWebhookTarget(endpoint.url, { allowLoopback: options.allowLoopback });
    if (options.loopbackOnly && !isLoopbackAddress(target.address))
      return { statusCode: null, error: "not sent: tests deliver to this machine only" };
    const headers = {
      [webhookSignatureHeader]: signatureHeader(cipher.decrypt(endpoint.secretEncrypted), timestamp, body),
      [webhookEventIdHeader]: event.id,
    };
    const { statusCode } = await inSpan(
      "webhook post",
      { "lender.webhook.event_id": event.id, "lender.webhook.endpoint_id": endpoint.id },
      () => postWebhook(target, headers, body, options.timeoutMs),
    );
    if (statusCode >= 200 && statusCode < 300) return { statusCode, error: null };
    if (statusCode >= 300 && statusCode < 400) return { statusCode, error: `redirect (${statusCode}) not followed` };
    return { statusCode, error: `HTTP ${statusCode}` };
  } catch (error) {
    if (error instanceof WebhookTargetError)
      return { statusCode: null, error: `address refused: ${error.message}`.slice(0, 200) };
    return { statusCode: null, error: (error as Error).message.slice(0, 200) };
  }
}

async function record(db: Database, delivery: Claimed, outcome: Outcome) {
  if (!outcome.error) {
    await db
      .update(webhookDelivery)
      .set({ status: "delivered", deliveredAt: new Date(), lastStatusCode: outcome.statusCode, lastError: null })
      .where(eq(webhookDelivery.id, delivery.id));
    return;
  }
  const delay = outcome.final ? null : nextRetryDelayMs(delivery.attempts);
  await db
    .update(webhookDelivery)
    .set(
      delay === null
        ? { status: "failed", lastStatusCode: outcome.statusCode, lastError: outcome.error }
        : {
            lastStatusCode: outcome.statusCode,
            lastError: outcome.error,
            nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000})`,
          },
    )
    .where(eq(webhookDelivery.id, delivery.id));
}
