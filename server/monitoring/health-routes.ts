import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { health, healthLive, healthReady } from "#domain/monitoring/contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";

/**
 * Probes per address per minute, on each health endpoint: a load balancer probing every second
 * from one address stays well under it (with REDIS_URL the count is the fleet's); a script is bounded.
 */
export const healthProbesPerMinute = 600;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const probe = { config: { rateLimit: { max: healthProbesPerMinute, timeWindow: "1 minute" } } };

  // What load balancers already check: the database answers. Kept as it was.
  registerEndpoint(
    app,
    health,
    async (_request, reply) => {
      const up = await app.database.ping();
      return reply
        .status(up ? 200 : 503)
        .send({ status: up ? "ok" : "degraded", database: up ? "ok" : "down", driver: app.database.driver });
    },
    probe,
  );

  // Liveness: the process answers. Touches nothing else, so a database outage never restarts servers.
  registerEndpoint(app, healthLive, async () => ({ status: "ok" as const }), probe);

  // Readiness: the database answers and its schema is this release's; 503 otherwise. No counts:
  // anyone may call it, and a count that moves (the outbox's) would tell which addresses have accounts.
  // The backlog is on /metrics and the back office's outbox.
  registerEndpoint(
    app,
    healthReady,
    async (_request, reply) => {
      const up = await app.database.ping();
      const pendingMigrations = up ? await app.database.pendingMigrations().catch(() => null) : null;
      const ready = up && pendingMigrations !== null && pendingMigrations.length === 0;
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? "ready" : "not-ready", database: up ? "ok" : "down", pendingMigrations });
    },
    probe,
  );
};
