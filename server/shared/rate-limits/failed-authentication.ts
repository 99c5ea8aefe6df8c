import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";

/**
 * Refused credentials (an API key that is not one, a session cookie of no session) an address may
 * send per minute. A person whose session ended sends a few; a script guessing keys or replaying
 * cookies is then refused before each guess costs a lookup.
 */
export const failedAuthenticationsPerMinute = 30;

export type FailedAuthentications = {
  /** 429 while the request's address has used up its failures: call before looking a credential up. */
  refuseWhileBlocked(request: FastifyRequest, reply?: FastifyReply): Promise<void>;
  /** Counts a credential the request offered and that was refused. */
  count(request: FastifyRequest): Promise<void>;
};

/**
 * Failed authentications per address, in the rate limits' store (shared through Redis with
 * REDIS_URL, each server's memory without it or while Redis is down, ADR 0014).
 */
export function failedAuthentications(app: FastifyInstance): FailedAuthentications {
  const limit = app.createRateLimit({
    max: failedAuthenticationsPerMinute,
    timeWindow: "1 minute",
    keyGenerator: (request) => `failed-authentication:${normalizeIP(request.ip)}`,
  });
  return {
    async refuseWhileBlocked(request, reply) {
      const state = await limit(request, { increment: false });
      if (state.isAllowed || state.remaining > 0) return;
      reply?.header("retry-after", String(state.ttlInSeconds));
      throw new AppError(
        "RATE_LIMITED",
        `Too many refused credentials from your address. Please try again in ${state.ttlInSeconds} seconds.`,
      );
    },
    async count(request) {
      await limit(request);
    },
  };
}
