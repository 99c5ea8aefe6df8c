import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { webhookEndpoint } from "./tables.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import type { VendorScope } from "../shared/vendor-scope.ts";
import { findWebhookEndpoint } from "./find-webhook-endpoint.ts";
import { newWebhookSecret } from "./sign-payload.ts";

type Actor = { scope: VendorScope; ipAddress: string };

/** Enables or disables an endpoint: a disabled one gets no new deliveries and its pending ones fail. */
export async function setWebhookEnabled(db: Database, { scope, ipAddress }: Actor, id: string, enabled: boolean) {
  return db.transaction(async (tx) => {
    const found = await findWebhookEndpoint(tx, scope, id);
    if (found.enabled === enabled) return found;
    const [updated] = await tx
      .update(webhookEndpoint)
      .set({ enabled, disabledAt: enabled ? null : new Date() })
      .where(eq(webhookEndpoint.id, found.id))
      .returning();
    await recordAudit(tx, {
      action: enabled ? "webhook.enable" : "webhook.disable",
      actorUserId: scope.userId,
      subject: found.id,
      ipAddress,
    });
    return updated!;
  });
}

/** Deletes an endpoint with its deliveries. Audited. */
export async function deleteWebhookEndpoint(db: Database, { scope, ipAddress }: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await findWebhookEndpoint(tx, scope, id);
    await tx.delete(webhookEndpoint).where(eq(webhookEndpoint.id, found.id));
    await recordAudit(tx, {
      action: "webhook.delete",
      actorUserId: scope.userId,
      subject: found.id,
      ipAddress,
      details: { url: found.url },
    });
  });
}

/** A new signing secret for the endpoint, effective for the next attempt; answers it (shown once). Audited. */
export async function rollWebhookSecret(
  db: Database,
  cipher: FieldCipher,
  { scope, ipAddress }: Actor,
  id: string,
): Promise<string> {
  const secret = newWebhookSecret();
  await db.transaction(async (tx) => {
    const found = await findWebhookEndpoint(tx, scope, id);
    await tx
      .update(webhookEndpoint)
      .set({ secretEncrypted: cipher.encrypt(secret) })
      .where(eq(webhookEndpoint.id, found.id));
    await recordAudit(tx, { action: "webhook.roll-secret", actorUserId: scope.userId, subject: found.id, ipAddress });
  });
  return secret;
}
