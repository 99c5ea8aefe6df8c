import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { lastRetentionPurge, outboxBacklog } from "./database-gauges.ts";
import { leadKindOf, leadKinds } from "./lead-routes-by-kind.ts";

export type MetricsOptions = {
  /** METRICS_TOKEN: the scraper sends `Authorization: Bearer <token>`. */
  token: string;
};

/** Label of a request no route matched (a 404): the raw URL is never a label. */
const unmatched = "(unmatched)";

/** Where a wrong password or second factor is answered with a 401; the label names the step. */
const signInSteps: Record<string, string> = {
  "/api/auth/sign-in/email": "password",
  "/api/auth/two-factor/verify-totp": "totp",
  "/api/auth/two-factor/verify-backup-code": "backup_code",
};

/**
 * Prometheus metrics at GET /metrics (docs/deploy.md, Metrics and alerts), for a scraper holding
 * METRICS_TOKEN; registered only when it is configured, so without it /metrics is a 404. Requests
 * are labelled with the matched route pattern (`request.routeOptions.url`), never the URL, which
 * can hold tokens, ids or a query. Database figures are read at scrape time.
 */
export default fp(
  async function metricsPlugin(app: FastifyInstance, options: MetricsOptions) {
    // A registry per app: several apps in one process (tests) must not share counters.
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const registers = [registry];

    const requests = new Counter({
      name: "http_requests_total",
      help: "Answered requests by method, route pattern and status",
      labelNames: ["method", "route", "status_code"] as const,
      registers,
    });
    const duration = new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer a request, by method, route pattern and status",
      labelNames: ["method", "route", "status_code"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    const leads = new Counter({
      name: "lender_leads_total",
      help: "Answers of the public lead routes by kind: outcome=stored (201, a new lead and its mail) or repeat (200, an idempotency key already stored: nothing stored)",
      labelNames: ["kind", "outcome"] as const,
      registers,
    });
    const rateLimited = new Counter({
      name: "lender_rate_limit_refusals_total",
      help: "Requests refused with 429 (API, lead-form and quote limits, sign-in throttle), by route pattern",
      labelNames: ["route"] as const,
      registers,
    });
    const signInFailures = new Counter({
      name: "lender_sign_in_failures_total",
      help: "Sign-in steps answered 401: step=password (POST /api/auth/sign-in/email), totp, backup_code",
      labelNames: ["step"] as const,
      registers,
    });
    // Series that exist from the start, so rate() and "nothing for a day" alerts see zeros, not gaps.
    for (const kind of leadKinds) for (const outcome of ["stored", "repeat"]) leads.labels(kind, outcome).inc(0);
    for (const step of Object.values(signInSteps)) signInFailures.labels(step).inc(0);

    const databaseUp = new Gauge({
      name: "lender_database_up",
      help: "1 when the database answered the scrape's queries, 0 otherwise (the database gauges are then NaN)",
      registers,
    });
    const outboxPending = new Gauge({
      name: "lender_mail_outbox_pending",
      help: "Mails in the outbox not delivered yet",
      registers,
    });
    const outboxOldest = new Gauge({
      name: "lender_mail_outbox_oldest_pending_age_seconds",
      help: "Age of the oldest undelivered mail in the outbox (0 when none is pending)",
      registers,
    });
    const lastPurge = new Gauge({
      name: "lender_retention_last_purge_timestamp_seconds",
      help: "When the newest retention.purge audit entry was written, for the whole fleet (0: never)",
      registers,
    });
    const poolGauges = {
      total: new Gauge({
        name: "lender_db_pool_connections",
        help: "Connections open in the pg pool (PostgreSQL only)",
        labelNames: ["pool"] as const,
        registers,
      }),
      idle: new Gauge({
        name: "lender_db_pool_idle_connections",
        help: "Idle connections in the pg pool (PostgreSQL only)",
        labelNames: ["pool"] as const,
        registers,
      }),
      waiting: new Gauge({
        name: "lender_db_pool_waiting_requests",
        help: "Queries waiting for a pool connection (PostgreSQL only)",
        labelNames: ["pool"] as const,
        registers,
      }),
    };

    app.addHook("onResponse", async (request: FastifyRequest, reply: FastifyReply) => {
      const route = request.routeOptions.url ?? unmatched;
      const status = reply.statusCode;
      const labels = { method: request.method, route, status_code: String(status) };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
      if (status === 429) rateLimited.inc({ route });
      const kind = leadKindOf(request.method, request.routeOptions.url);
      if (kind && (status === 201 || status === 200))
        leads.inc({ kind, outcome: status === 201 ? "stored" : "repeat" });
      const step = request.method === "POST" ? signInSteps[route] : undefined;
      if (step && status === 401) signInFailures.inc({ step });
    });

    const readDatabase = async () => {
      const stats = app.database.poolStats?.();
      for (const [pool, counts] of Object.entries(stats ?? {})) {
        poolGauges.total.set({ pool }, counts.total);
        poolGauges.idle.set({ pool }, counts.idle);
        poolGauges.waiting.set({ pool }, counts.waiting);
      }
      try {
        const [backlog, purgedAt] = await Promise.all([outboxBacklog(app.db), lastRetentionPurge(app.db)]);
        databaseUp.set(1);
        outboxPending.set(backlog.pending);
        outboxOldest.set(backlog.oldestAgeSeconds);
        lastPurge.set(purgedAt ?? 0);
      } catch {
        databaseUp.set(0);
        for (const gauge of [outboxPending, outboxOldest, lastPurge]) gauge.set(Number.NaN);
      }
    };

    const expected = digest(options.token);
    app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
      reply.header("cache-control", "no-store");
      const given = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
      // Compared as digests of equal length, in constant time.
      if (!timingSafeEqual(digest(given), expected)) {
        return reply
          .status(401)
          .header("www-authenticate", 'Bearer realm="metrics"')
          .send({ code: "UNAUTHORIZED", message: "A metrics token is required." });
      }
      await readDatabase();
      return reply.header("content-type", registry.contentType).send(await registry.metrics());
    });

    app.addHook("onClose", async () => registry.clear());
  },
  { name: "metrics", dependencies: ["db"] },
);

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}
