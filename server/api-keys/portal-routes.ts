import type { FastifyPluginAsync } from "fastify";
import type { Brand } from "#domain/site/brand.ts";
import { createPortalApiKey, listPortalApiKeys, revokePortalApiKey } from "#domain/api-keys/contracts.ts";
import { AppError } from "../shared/errors.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "./manage-api-keys.ts";

/** A vendor company's own API keys (`/api/portal/api-keys`). */
export const portalApiKeyRoutes: FastifyPluginAsync<{ brand: Brand; publicUrl: string }> = async (
  app,
  { brand, publicUrl },
) => {
  registerEndpoint(app, listPortalApiKeys, async (request, _reply, scope) => {
    return {
      keys: (await listApiKeys(app.db, scope.companyId)).map(
        ({ companyId: _companyId, companyName: _companyName, ...key }) => key,
      ),
    };
  });

  registerEndpoint(app, createPortalApiKey, async (request, _reply, scope) => {
    const created = await createApiKey(
      app.db,
      { brand, publicUrl },
      {
        companyId: scope.companyId,
        userId: scope.userId,
        email: scope.email,
        name: request.body.name,
        ipAddress: request.ip,
      },
    );
    return created;
  });

  registerEndpoint(app, revokePortalApiKey, async (request, _reply, scope) => {
    if (
      !(await revokeApiKey(app.db, {
        keyId: request.params.id,
        companyId: scope.companyId,
        userId: scope.userId,
        ipAddress: request.ip,
      }))
    )
      throw new AppError("NOT_FOUND", "Not found.");
    return { ok: true as const };
  });
};
