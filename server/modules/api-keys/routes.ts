import type { FastifyPluginAsync } from "fastify";
import type { Brand } from "#domain/site/brand.ts";
import { createPortalApiKey, listBackOfficeApiKeys, listPortalApiKeys, revokeBackOfficeApiKey, revokePortalApiKey } from "#domain/api/api-keys.ts";
import { staffRoles } from "#domain/auth/roles.ts";
import { AppError } from "../../errors.ts";
import { registerEndpoint } from "../../register-endpoint.ts";
import { requireVendorScope } from "../deals/vendor-scope.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "./manage-api-keys.ts";

/**
 * API keys (issue 19): a vendor manages its company's in the portal (session and CSRF as every
 * portal change), staff see and revoke any company's. Keys never manage keys. A new key needs a
 * factor proved within the last minutes (POST /api/me/confirm-identity: a vendor's password) and
 * is mailed to the company's users.
 */
export const apiKeyRoutes: FastifyPluginAsync<{ brand: Brand; publicUrl: string }> = async (app, { brand, publicUrl }) => {
  const vendorFirst = { onRequest: async (request: Parameters<typeof requireVendorScope>[1]) => void (await requireVendorScope(app, request)) };
  const staff = (request: Parameters<typeof requireVendorScope>[1]) => app.requireUser(request, { roles: staffRoles });
  const staffFirst = { onRequest: async (request: Parameters<typeof requireVendorScope>[1]) => void (await staff(request)) };

  registerEndpoint(
    app,
    listPortalApiKeys,
    async (request) => {
      const scope = await requireVendorScope(app, request);
      return { keys: (await listApiKeys(app.db, scope.companyId)).map(({ companyId: _companyId, companyName: _companyName, ...key }) => key) };
    },
    vendorFirst,
  );

  registerEndpoint(
    app,
    createPortalApiKey,
    async (request) => {
      const scope = await requireVendorScope(app, request, { recentAuthentication: true });
      const created = await createApiKey(app.db, { brand, publicUrl }, { companyId: scope.companyId, userId: scope.userId, email: scope.email, name: request.body.name, ipAddress: request.ip });
      return created;
    },
    vendorFirst,
  );

  registerEndpoint(
    app,
    revokePortalApiKey,
    async (request) => {
      const scope = await requireVendorScope(app, request);
      if (!(await revokeApiKey(app.db, { keyId: request.params.id, companyId: scope.companyId, userId: scope.userId, ipAddress: request.ip }))) throw new AppError("NOT_FOUND", "Not found.");
      return { ok: true as const };
    },
    vendorFirst,
  );

  registerEndpoint(
    app,
    listBackOfficeApiKeys,
    async (request) => {
      await staff(request);
      return { keys: await listApiKeys(app.db, request.query.company) };
    },
    staffFirst,
  );

  registerEndpoint(
    app,
    revokeBackOfficeApiKey,
    async (request) => {
      const user = await staff(request);
      if (!(await revokeApiKey(app.db, { keyId: request.params.id, userId: user.id, ipAddress: request.ip }))) throw new AppError("NOT_FOUND", "Not found.");
      return { ok: true as const };
    },
    staffFirst,
  );
};
