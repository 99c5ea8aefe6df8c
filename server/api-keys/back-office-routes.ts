import type { FastifyPluginAsync } from "fastify";
import { listBackOfficeApiKeys, revokeBackOfficeApiKey } from "#domain/api-keys/contracts.ts";
import { AppError } from "../shared/errors.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { listApiKeys, revokeApiKey } from "./manage-api-keys.ts";

/** Every company's API keys, for staff (`/api/back-office/api-keys`). */
export const backOfficeApiKeyRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, listBackOfficeApiKeys, async (request) => {
    return { keys: await listApiKeys(app.db, request.query.company) };
  });

  registerEndpoint(app, revokeBackOfficeApiKey, async (request, _reply, user) => {
    if (!(await revokeApiKey(app.db, { keyId: request.params.id, userId: user.id, ipAddress: request.ip })))
      throw new AppError("NOT_FOUND", "Not found.");
    return { ok: true as const };
  });
};
