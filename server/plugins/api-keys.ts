import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { bearerCredential, isApiKeyShape } from "#domain/api-keys/api-key-text.ts";
import { authenticateApiKey, type ApiKeyCaller } from "../modules/api-keys/authenticate-api-key.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route takes an API key (`Authorization: Bearer`) and nothing else: /api/v1 (ADR 0018). */
    apiKey?: true;
  }
  interface FastifyRequest {
    /** The key of an /api/v1 request, set before the body is read. */
    apiKey?: ApiKeyCaller;
  }
}

/**
 * API keys authenticate the routes whose config says `apiKey: true`, and only those: decided on
 * the route that matched (as every guard is, ADR 0013), never on the raw URL. Session cookies
 * authenticate nothing there (those routes never ask for a session), and a key authenticates
 * nothing elsewhere (the session routes only read cookies).
 */
export default fp(
  async function apiKeysPlugin(app: FastifyInstance) {
    app.decorateRequest("apiKey", undefined);
    app.addHook("onRequest", async (request) => {
      if (request.routeOptions.config.apiKey) request.apiKey = await authenticateApiKey(app, request);
    });
  },
  { name: "api-keys", dependencies: ["db"] },
);

/**
 * The rate-limit counter of an /api/v1 request: its key (by a hash of it: the counter store never
 * holds a key), or its address when it carries none of our keys.
 */
export function apiKeyRateLimitKey(request: FastifyRequest): string {
  const secret = bearerCredential(request.headers.authorization);
  if (!secret || !isApiKeyShape(secret)) return request.ip;
  return `api-key:${createHash("sha256").update(secret).digest("hex").slice(0, 32)}`;
}
