import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../shared/errors.ts";
import { failedAuthentications, type FailedAuthentications } from "../shared/rate-limits/failed-authentication.ts";
import { sharedCounters } from "../shared/rate-limits/shared-counters.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Refused API keys and session cookies per address (the API-key and session lookups ask it first). */
    failedAuthentications: FailedAuthentications;
  }
}

export type SecurityOptions = {
  publicUrl: string;
  rateLimitMax: number;
  /** Count the rate limits in this Redis, shared by every server; unset: in memory, per process. */
  redisUrl?: string;
};

const permissionsPolicy = "camera=(), microphone=(), geolocation=(), payment=()";
const stateChanging = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export default fp(
  async function securityPlugin(app: FastifyInstance, options: SecurityOptions) {
    const allowedOrigin = new URL(options.publicUrl).origin;

    await app.register(helmet, helmetOptions(options));
    app.addHook("onSend", async (request, reply) => {
      reply.header("permissions-policy", permissionsPolicy);
      // API answers carry customer data: never stored by a browser or proxy unless a route says so.
      if (isApiRequest(request) && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    });

    // One counter per address (and per route with its own limit) for all servers, in Redis when configured.
    const counters = options.redisUrl ? await sharedCounters(options.redisUrl, app.log) : undefined;
    if (counters) app.addHook("onClose", async () => counters.close());

    await app.register(rateLimit, {
      ...(counters ? { store: counters.store } : {}),
      global: true,
      max: options.rateLimitMax,
      timeWindow: "1 minute",
      allowList: (request) => !isApiRequest(request),
      errorResponseBuilder: (_request, context) =>
        new AppError(
          "RATE_LIMITED",
          `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        ),
    });
    app.decorate("failedAuthentications", failedAuthentications(app));

    // CSRF: a state-changing API call that carries cookies must come from our own origin.
    // (better-auth applies the same rule to /api/auth itself.) Routes that take only an API key
    // (/api/v1) are exempt: cookies authenticate nothing there, and a dealer's server may carry
    // a load balancer's cookie without an Origin (ADR 0018).
    app.addHook("onRequest", async (request) => {
      if (
        !stateChanging.has(request.method) ||
        !isApiRequest(request) ||
        !request.headers.cookie ||
        request.routeOptions.config.apiKey
      )
        return;
      const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
      if (origin !== allowedOrigin) throw new AppError("FORBIDDEN", "Cross-site request refused.");
    });
  },
  { name: "security" },
);

/** Answers other than pages run no inline script; a page allows its own by hash ('sha256-...'). */
function helmetOptions(options: SecurityOptions, scriptHashes: string[] = []): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: options.publicUrl.startsWith("https://") ? [] : null,
      },
    },
    strictTransportSecurity: options.publicUrl.startsWith("https://")
      ? { maxAge: 31536000, includeSubDomains: true }
      : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  };
}

/**
 * Whether the request is answered by an API route, decided on the route that matched (its
 * pattern), never on the raw URL: `/%61pi/...` reaches the same route as `/api/...`.
 * Unmatched requests (the not-found handler) are judged by their decoded path.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const pattern = request.routeOptions.url;
  if (pattern !== undefined) return pattern.startsWith("/api/");
  return decodedPath(request.url).startsWith("/api/");
}

/** The path of a raw request URL with its percent-encoding undone (the raw path if it is malformed). */
export function decodedPath(url: string): string {
  const path = url.split("?")[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/**
 * The headers helmet and this plugin add to every answer, with a page's script hashes, computed
 * once per page for the prerendered pages (they are answered outside Fastify's hooks).
 */
export async function securityHeaders(
  options: SecurityOptions,
  scriptHashes: string[],
): Promise<Record<string, string>> {
  const { default: helmetMiddleware } = await import("helmet");
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  await new Promise<void>((resolve, reject) =>
    (helmetMiddleware as unknown as (o: object) => (req: object, res: object, next: (error?: Error) => void) => void)(
      helmetOptions(options, scriptHashes),
    )({}, response, (error) => (error ? reject(error) : resolve())),
  );
  headers["permissions-policy"] = permissionsPolicy;
  return headers;
}
