import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";

export const healthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["ok", "down"]),
  driver: z.enum(["pglite", "postgres"]),
});

export const liveResponse = z.object({ status: z.literal("ok") });

export const readyResponse = z.object({
  status: z.enum(["ready", "not-ready"]),
  database: z.enum(["ok", "down"]),
  /** Tags of the migrations this release has and the database lacks; null while the database is down. */
  pendingMigrations: z.nullable(z.array(z.string())),
});

/** What load balancers already check: the database answers (503 with the same body when it does not). */
export const health = endpoint({
  method: "GET",
  path: "/api/health",
  audience: "public",
  summary: "Liveness and database status",
  tags: ["system"],
  responses: { 200: healthResponse, 503: healthResponse },
  errors: ["UNAVAILABLE"],
});

/** Liveness: the process answers. */
export const healthLive = endpoint({
  method: "GET",
  path: "/api/health/live",
  audience: "public",
  summary: "Liveness: the process answers (no database)",
  tags: ["system"],
  responses: { 200: liveResponse },
  errors: [],
});

/** Readiness: the database answers and its schema is this release's; 503 with the same body otherwise. */
export const healthReady = endpoint({
  method: "GET",
  path: "/api/health/ready",
  audience: "public",
  summary: "Readiness: the database answers and no migration is pending",
  tags: ["system"],
  responses: { 200: readyResponse, 503: readyResponse },
  errors: ["UNAVAILABLE"],
});
