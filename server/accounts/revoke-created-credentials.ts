import { and, eq, isNull } from "drizzle-orm";
import type { DbExecutor } from "../db/client.ts";
import { apiKey } from "../api-keys/tables.ts";
import type { RevokedCredentials } from "../auth/account-mails.ts";
import { webhookEndpoint } from "../webhooks/tables.ts";
import { recordAudit } from "../audit/record-audit.ts";

/**
 * Revokes the API keys and disables the webhook endpoints the user created, each audited: what a
 * stolen session may have left behind outlives no password reset or deactivation. Answers what
 * was revoked, for the mail that says so.
 */
export async function revokeCreatedCredentials(
  db: DbExecutor,
  userId: string,
  actor: { actorUserId: string | null; reason: string },
): Promise<RevokedCredentials> {
  const now = new Date();
  const keys = await db
    .update(apiKey)
    .set({ revokedAt: now, revokedByUserId: actor.actorUserId })
    .where(and(eq(apiKey.createdByUserId, userId), isNull(apiKey.revokedAt)))
    .returning({ id: apiKey.id, name: apiKey.name, prefix: apiKey.prefix, companyId: apiKey.vendorCompanyId });
  const endpoints = await db
    .update(webhookEndpoint)
    .set({ enabled: false, disabledAt: now })
    .where(and(eq(webhookEndpoint.createdByUserId, userId), eq(webhookEndpoint.enabled, true)))
    .returning({ id: webhookEndpoint.id, url: webhookEndpoint.url });
  for (const key of keys) {
    await recordAudit(db, {
      action: "api-key.revoke",
      actorUserId: actor.actorUserId,
      subject: key.id,
      details: { companyId: key.companyId, prefix: key.prefix, reason: actor.reason },
    });
  }
  for (const endpoint of endpoints) {
    await recordAudit(db, {
      action: "webhook.disable",
      actorUserId: actor.actorUserId,
      subject: endpoint.id,
      details: { reason: actor.reason },
    });
  }
  return { keys: keys.map(({ name, prefix }) => ({ name, prefix })), endpoints: endpoints.map(({ url }) => ({ url })) };
}
