import type { FastifyPluginAsync } from "fastify";
import type { Brand } from "#domain/site/brand.ts";
import { createPortalApiKey, listBackOfficeApiKeys, listPortalApiKeys, revokeBackOfficeApiKey, revokePortalApiKey } from "#domain/api-keys/contracts.ts";
import { AppError } from "../shared/errors.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "./manage-api-keys.ts";

/**
 * API keys (docs/product-rules.md#r26-api-keys): a vendor manages its company's in the portal (session and CSRF as every
 * portal change), staff see and revoke any company's. Keys never manage keys. A new key needs a
 * factor proved within the last minutes (POST /api/me/confirm-identity: a vendor's password) and
 * is mailed to the company's users.
 */
export const apiKeyRoutes: FastifyPluginAsync<{ brand: Brand; publicUrl: string }> = async (app, { brand, publicUrl }) => {
  registerEndpoint(app, listPortalApiKeys, async (request, _reply, scope) => {
    return { keys: (await listApiKeys(app.db, scope.companyId)).map(({ companyId: _companyId, companyName: _companyName, ...key }) => key) };
  });

  registerEndpoint(app, createPortalApiKey, async (request, _reply, scope) => {
    const created = await createApiKey(app.db, { brand, publicUrl }, { companyId: scope.companyId, userId: scope.userId, email: scope.email, name: request.body.name, ipAddress: request.ip });
    return created;
  });

  registerEndpoint(app, revokePortalApiKey, async (request, _reply, scope) => {
    if (!(await revokeApiKey(app.db, { keyId: request.params.id, companyId: scope.companyId, userId: scope.userId, ipAddress: request.ip }))) throw new AppError("NOT_FOUND", "Not found.");
    return { ok: true as const };
  });

  registerEndpoint(app, listBackOfficeApiKeys, async (request) => {
    return { keys: await listApiKeys(app.db, request.query.company) };
  });

  registerEndpoint(app, revokeBackOfficeApiKey, async (request, _reply, user) => {
    if (!(await revokeApiKey(app.db, { keyId: request.params.id, userId: user.id, ipAddress: request.ip }))) throw new AppError("NOT_FOUND", "Not found.");
    return { ok: true as const };
  });
};
