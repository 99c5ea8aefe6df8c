import { createHash } from "node:crypto";
import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { bearerCredential, isApiKeyShape } from "#domain/api-keys/api-key-text.ts";
import { AppError } from "../shared/errors.ts";
import { authenticateApiKey, type ApiKeyCaller } from "./authenticate-api-key.ts";

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
  async function apiKeysPlugin(app: FastifyInstance, options: { rateLimitMax: number }) {
    app.decorateRequest("apiKey", undefined);
    // One budget per key for all of /api/v1 (the routes have no limit of their own), counted before the key is looked
    // up.
    const budget = app.rateLimit({
      max: options.rateLimitMax,
      timeWindow: "1 minute",
      keyGenerator: apiKeyRateLimitKey,
    });
    app.addHook("onRequest", async (request, reply) => {
      if (!request.routeOptions.config.apiKey) return;
      await app.failedAuthentications.refuseWhileBlocked(request, reply);
      await budget.call(app, request, reply);
      try {
        request.apiKey = await authenticateApiKey(app, request);
      } catch (error) {
        if (
          error instanceof AppError &&
          error.code === "UNAUTHENTICATED" &&
          request.headers.authorization !== undefined
        )
          await app.failedAuthentications.count(request);
        throw error;
      }
    });
  },
  { name: "api-keys", dependencies: ["db", "security"] },
);

/**
 * The rate-limit counter of an /api/v1 request: its key (by a hash of it: the counter store never
 * holds a key), or its address when it carries none of our keys.
 */
export function apiKeyRateLimitKey(request: FastifyRequest): string {
  const secret = bearerCredential(request.headers.authorization);
  if (!secret || !isApiKeyShape(secret)) return `api-v1:${normalizeIP(request.ip)}`;
  return `api-key:${createHash("sha256").update(secret).digest("hex").slice(0, 32)}`;
}
