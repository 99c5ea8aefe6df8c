import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthResponse } from "#domain/api/health.ts";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/health",
    { schema: { tags: ["system"], summary: "Liveness and database status", response: { 200: healthResponse, 503: healthResponse } }, config: { rateLimit: false } },
    async (_request, reply) => {
      const up = await app.database.ping();
      return reply.status(up ? 200 : 503).send({ status: up ? "ok" : "degraded", database: up ? "ok" : "down", driver: app.database.driver });
    },
  );
};
