import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { healthResponse } from "#domain/api/health.ts";
import { outboxBacklog, type OutboxBacklog } from "../metrics/database-gauges.ts";

const liveResponse = z.object({ status: z.literal("ok") });

const readyResponse = z.object({
  status: z.enum(["ready", "not-ready"]),
  database: z.enum(["ok", "down"]),
  /** Tags of the migrations this release has and the database lacks; null while the database is down. */
  pendingMigrations: z.nullable(z.array(z.string())),
  /** Shown, never a reason to be not ready: a backlog is SMTP's problem, and taking servers out would not help. */
  outbox: z.nullable(z.object({ pending: z.number(), oldestAgeSeconds: z.number() })),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const probe = { rateLimit: false };

  // What load balancers already check: the database answers. Kept as it was.
  app.get(
    "/api/health",
    { schema: { tags: ["system"], summary: "Liveness and database status", response: { 200: healthResponse, 503: healthResponse } }, config: probe },
    async (_request, reply) => {
      const up = await app.database.ping();
      return reply.status(up ? 200 : 503).send({ status: up ? "ok" : "degraded", database: up ? "ok" : "down", driver: app.database.driver });
    },
  );

  // Liveness: the process answers. Touches nothing else, so a database outage never restarts servers.
  app.get("/api/health/live", { schema: { tags: ["system"], summary: "Liveness: the process answers (no database)", response: { 200: liveResponse } }, config: probe }, async () => ({
    status: "ok" as const,
  }));

  // Readiness: the database answers and its schema is this release's; 503 otherwise.
  app.get(
    "/api/health/ready",
    {
      schema: {
        tags: ["system"],
        summary: "Readiness: the database answers and no migration is pending; shows the outbox backlog",
        response: { 200: readyResponse, 503: readyResponse },
      },
      config: probe,
    },
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
  );
};
