import { count, eq } from "drizzle-orm";
import type { WebhookEndpointForm } from "#domain/webhooks/portal-contracts.ts";
import type { Database } from "../db/client.ts";
import { webhookEndpoint } from "./tables.ts";
import { AppError } from "../shared/errors.ts";
import type { Brand } from "#domain/site/brand.ts";
import { tellCompanyOfCredential } from "../auth/tell-company-of-credential.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import type { VendorScope } from "../shared/vendor-scope.ts";
import { checkWebhookTarget, WebhookTargetError } from "./check-target.ts";
import { newWebhookSecret } from "./sign-payload.ts";

export const maxEndpointsPerCompany = 10;

/** Throws a 400 on the url field when the address may not receive webhooks (check-target.ts). */
export async function checkEndpointUrl(url: string, allowLoopback: boolean): Promise<void> {
  try {
    await checkWebhookTarget(url, { allowLoopback });
  } catch (error) {
    if (!(error instanceof WebhookTargetError)) throw error;
    throw new AppError("VALIDATION_FAILED", error.message, [{ path: "/url", message: error.message }]);
  }
}

/** Registers an endpoint for the company; answers the row and its secret (shown this once). Audited, and mailed to the company's dealer admins. */
export async function registerWebhookEndpoint(
  db: Database,
  cipher: FieldCipher,
  scope: VendorScope,
  form: WebhookEndpointForm,
  options: { allowLoopback: boolean; ipAddress: string; mail: { brand: Brand; publicUrl: string } },
) {
  await checkEndpointUrl(form.url, options.allowLoopback);
  const secret = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ total: count() })
      .from(webhookEndpoint)
      .where(eq(webhookEndpoint.vendorCompanyId, scope.companyId));
    if ((existing?.total ?? 0) >= maxEndpointsPerCompany)
      throw new AppError(
        "CONFLICT",
        `A company can have at most ${maxEndpointsPerCompany} endpoints. Delete one first.`,
      );
    const [inserted] = await tx
      .insert(webhookEndpoint)
      .values({
        vendorCompanyId: scope.companyId,
        url: form.url,
        events: [...new Set(form.events)],
        secretEncrypted: cipher.encrypt(secret),
        description: form.description,
        createdByUserId: scope.userId,
      })
      .returning();
    await recordAudit(tx, {
      action: "webhook.create",
      actorUserId: scope.userId,
      subject: inserted!.id,
      ipAddress: options.ipAddress,
      details: { url: form.url, events: form.events },
    });
    await tellCompanyOfCredential(tx, options.mail, scope.companyId, scope.email, {
      kind: "webhook-endpoint",
      url: form.url,
    });
    return inserted!;
  });
  return { row, secret };
}
