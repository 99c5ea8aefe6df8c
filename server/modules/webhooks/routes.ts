import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Brand } from "#domain/site/brand.ts";
import { createPortalWebhook, deletePortalWebhook, listPortalWebhooks, redeliverPortalWebhook, rollPortalWebhookSecret, updatePortalWebhook } from "#domain/api/portal-webhooks.ts";
import { AppError } from "../../errors.ts";
import { registerEndpoint } from "../../register-endpoint.ts";
import type { FieldCipher } from "../crypto/field-cipher.ts";
import { requireVendorScope } from "../deals/vendor-scope.ts";
import { deleteWebhookEndpoint, rollWebhookSecret, setWebhookEnabled } from "./change-webhook-endpoint.ts";
import { listWebhookEndpoints, withDeliveries } from "./list-webhook-endpoints.ts";
import { redeliverWebhook } from "./redeliver-webhook.ts";
import { registerWebhookEndpoint } from "./register-webhook-endpoint.ts";

/**
 * A vendor company's webhook endpoints (`/api/portal/webhooks`): the session's company only
 * (ADR 0009), checked before the body is read; every change is audited. Adding an endpoint,
 * enabling one or rolling its secret needs a factor proved within the last minutes (POST /api/me/confirm-identity);
 * a new endpoint is mailed to the company's users.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ cipher: FieldCipher; allowLoopback: boolean; brand: Brand; publicUrl: string }> = async (app, { cipher, allowLoopback, brand, publicUrl }) => {
  const vendorFirst = { onRequest: async (request: FastifyRequest) => void (await requireVendorScope(app, request)) };
  const actor = async (request: FastifyRequest) => ({ scope: await requireVendorScope(app, request), ipAddress: request.ip });

  registerEndpoint(
    app,
    listPortalWebhooks,
    async (request) => {
      const scope = await requireVendorScope(app, request);
      return { endpoints: await listWebhookEndpoints(app.db, scope) };
    },
    vendorFirst,
  );

  registerEndpoint(
    app,
    createPortalWebhook,
    async (request) => {
      const scope = await requireVendorScope(app, request, { recentAuthentication: true });
      const { row, secret } = await registerWebhookEndpoint(app.db, cipher, scope, request.body, { allowLoopback, ipAddress: request.ip, mail: { brand, publicUrl } });
      const [endpoint] = await withDeliveries(app.db, [row]);
      return { endpoint: endpoint!, secret };
    },
    vendorFirst,
  );

  registerEndpoint(
    app,
    updatePortalWebhook,
    async (request) => {
      // Switching an endpoint back on (after a reset or deactivation disabled it, say) sends events again: a fresh factor, as adding one.
      const scope = await requireVendorScope(app, request, { recentAuthentication: request.body.enabled });
      const row = await setWebhookEnabled(app.db, { scope, ipAddress: request.ip }, request.params.id, request.body.enabled);
      const [endpoint] = await withDeliveries(app.db, [row]);
      return { endpoint: endpoint! };
    },
    vendorFirst,
  );

  registerEndpoint(
    app,
    deletePortalWebhook,
    async (request) => {
      await deleteWebhookEndpoint(app.db, await actor(request), request.params.id);
      return { ok: true as const };
    },
    vendorFirst,
  );

  registerEndpoint(
    app,
    rollPortalWebhookSecret,
    async (request) => {
      const scope = await requireVendorScope(app, request, { recentAuthentication: true });
      return { secret: await rollWebhookSecret(app.db, cipher, { scope, ipAddress: request.ip }, request.params.id) };
    },
    vendorFirst,
  );

  registerEndpoint(
    app,
    redeliverPortalWebhook,
    async (request, reply) => {
      const { scope, ipAddress } = await actor(request);
      try {
        const created = await redeliverWebhook(app.db, scope, request.params.id, request.params.deliveryId, ipAddress);
        return created;
      } catch (error) {
        if (error instanceof AppError && error.code === "RATE_LIMITED") reply.header("retry-after", String((error.details as { retryAfterSeconds: number }).retryAfterSeconds));
        throw error;
      }
    },
    vendorFirst,
  );
};
