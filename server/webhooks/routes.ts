import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Brand } from "#domain/site/brand.ts";
import {
  createPortalWebhook,
  deletePortalWebhook,
  listPortalWebhooks,
  redeliverPortalWebhook,
  rollPortalWebhookSecret,
  updatePortalWebhook,
} from "#domain/webhooks/portal-contracts.ts";
import { AppError } from "../shared/errors.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { requireVendorScope } from "../shared/vendor-scope.ts";
import { deleteWebhookEndpoint, rollWebhookSecret, setWebhookEnabled } from "./change-webhook-endpoint.ts";
import { listWebhookEndpoints, withDeliveries } from "./list-webhook-endpoints.ts";
import { redeliverWebhook } from "./redeliver-webhook.ts";
import { registerWebhookEndpoint } from "./register-webhook-endpoint.ts";

/**
 * A vendor company's webhook endpoints (`/api/portal/webhooks`): the session's company only
 * (ADR 0009), checked before the body is read; every change is audited. Adding an endpoint,
 * enabling one or rolling its secret needs a factor proved within the last minutes (POST /api/me/confirm-identity);
 * a new endpoint is mailed to the company's dealer admins.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{
  cipher: FieldCipher;
  allowLoopback: boolean;
  brand: Brand;
  publicUrl: string;
}> = async (app, { cipher, allowLoopback, brand, publicUrl }) => {
  registerEndpoint(app, listPortalWebhooks, async (request, _reply, scope) => {
    return { endpoints: await listWebhookEndpoints(app.db, scope) };
  });

  registerEndpoint(app, createPortalWebhook, async (request, _reply, scope) => {
    const { row, secret } = await registerWebhookEndpoint(app.db, cipher, scope, request.body, {
      allowLoopback,
      ipAddress: request.ip,
      mail: { brand, publicUrl },
    });
    const [endpoint] = await withDeliveries(app.db, [row]);
    return { endpoint: endpoint!, secret };
  });

  registerEndpoint(app, updatePortalWebhook, async (request, _reply, scope) => {
    // Switching an endpoint back on (after a reset or deactivation disabled it, say) sends events again: a fresh
    // factor, as adding one.
    // Only this body needs it, so it is asked here rather than by the contract.
    if (request.body.enabled) await requireVendorScope(app, request, { recentAuthentication: true });
    const row = await setWebhookEnabled(
      app.db,
      { scope, ipAddress: request.ip },
      request.params.id,
      request.body.enabled,
    );
    const [endpoint] = await withDeliveries(app.db, [row]);
    return { endpoint: endpoint! };
  });

  registerEndpoint(app, deletePortalWebhook, async (request, _reply, scope) => {
    await deleteWebhookEndpoint(app.db, { scope, ipAddress: request.ip }, request.params.id);
    return { ok: true as const };
  });

  registerEndpoint(app, rollPortalWebhookSecret, async (request, _reply, scope) => {
    return { secret: await rollWebhookSecret(app.db, cipher, { scope, ipAddress: request.ip }, request.params.id) };
  });

  registerEndpoint(app, redeliverPortalWebhook, async (request, reply, scope) => {
    try {
      const created = await redeliverWebhook(app.db, scope, request.params.id, request.params.deliveryId, request.ip);
      return created;
    } catch (error) {
      if (error instanceof AppError && error.code === "RATE_LIMITED")
        reply.header("retry-after", String((error.details as { retryAfterSeconds: number }).retryAfterSeconds));
      throw error;
    }
  });
};
