import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { health, healthLive, healthReady } from "#domain/api/health.ts";
import { registerEndpoint } from "../../register-endpoint.ts";
import { outboxBacklog, type OutboxBacklog } from "../metrics/database-gauges.ts";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const probe = { config: { rateLimit: false } };

  // What load balancers already check: the database answers. Kept as it was.
  registerEndpoint(
    app,
    health,
    async (_request, reply) => {
      const up = await app.database.ping();
      return reply.status(up ? 200 : 503).send({ status: up ? "ok" : "degraded", database: up ? "ok" : "down", driver: app.database.driver });
    },
    probe,
  );

  // Liveness: the process answers. Touches nothing else, so a database outage never restarts servers.
  registerEndpoint(app, healthLive, async () => ({ status: "ok" as const }), probe);

  // Readiness: the database answers and its schema is this release's; 503 otherwise.
  registerEndpoint(
    app,
    healthReady,
    async (_request, reply) => {
      const up = await app.database.ping();
      const pendingMigrations = up ? await app.database.pendingMigrations().catch(() => null) : null;
      const outbox: OutboxBacklog | null = up ? await outboxBacklog(app.db).catch(() => null) : null;
      const ready = up && pendingMigrations !== null && pendingMigrations.length === 0;
      return reply.status(ready ? 200 : 503).send({
        status: ready ? "ready" : "not-ready",
        database: up ? "ok" : "down",
        pendingMigrations,
        outbox: outbox && { pending: outbox.pending, oldestAgeSeconds: Math.round(outbox.oldestAgeSeconds) },
      });
    },
    probe,
  );
};
