import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isStaffRole } from "#domain/auth/roles.ts";
import { activityWriteIntervalMs, recentAuthenticationUntil, sessionEndsAt } from "#domain/auth/session-lifetime.ts";
import { session as sessionTable } from "./tables.ts";
import { AppError } from "../shared/errors.ts";
import { exceedsJsonDepth, tooDeepMessage } from "../limit-json-depth.ts";
import type { Auth } from "./create-auth.ts";
import { exposedAuthEndpoints } from "./exposed-endpoints.ts";

export type SessionUser = {
  id: string;
  sessionId: string;
  email: string;
  name: string;
  role: string;
  vendorCompanyId: string | null;
  /** A vendor's role in their company (null for staff). */
  dealerRole: string | null;
  twoFactorEnabled: boolean;
  /** When the session ends if nothing more happens (absolute lifetime or idle timeout). */
  sessionEndsAt: Date;
  /** Until when reveals and exports are allowed without confirming again. */
  recentAuthenticationUntil: Date;
};

export type RequireUserOptions = {
  roles: readonly string[];
  allowMissingTwoFactor?: boolean;
  /** A reveal or an export: the user must have proved a factor within the last few minutes. */
  recentAuthentication?: boolean;
  /** Reading the session's own state (the expiry warning) is not activity. */
  countsAsActivity?: boolean;
};

declare module "fastify" {
  interface FastifyInstance {
    auth: Auth;
    /** The signed-in user, or an AppError (401/403). Staff must have two-factor when required. */
    requireUser(request: FastifyRequest, options: RequireUserOptions): Promise<SessionUser>;
  }
}

function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(", ") : String(value));
  }
  // better-auth rate-limits by this header: set it from the socket (or trusted proxy), never the client.
  headers.set("x-forwarded-for", request.ip);
  return headers;
}

type AuthSession = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

/** The JSON of a raw body, or undefined (which no body schema accepts). */
function parsedJson(body: unknown): unknown {
  try {
    return body instanceof Buffer ? JSON.parse(body.toString("utf8")) : undefined;
  } catch {
    return undefined;
  }
}

export default fp(
  async function authPlugin(
    app: FastifyInstance,
    options: { auth: Auth; publicUrl: string; staffTwoFactorRequired: boolean },
  ) {
    const { auth, publicUrl, staffTwoFactorRequired } = options;
    app.decorate("auth", auth);

    // One session lookup per request, however many checks ask (the area's hook, then the handler).
    const sessions = new WeakMap<FastifyRequest, Promise<AuthSession | null>>();
    const lookUp = (request: FastifyRequest) => {
      if (!sessions.has(request)) sessions.set(request, lookUpSession(request));
      return sessions.get(request)!;
    };
    // A session cookie that names no session counts against the address; past the limit the next one is not looked up.
    const sessionCookie = new RegExp(
      `(?:^|;)\\s*${(await auth.$context).authCookies.sessionToken.name.replace(/[.]/g, "\\.")}=`,
    );
    const lookUpSession = async (request: FastifyRequest) => {
      if (!sessionCookie.test(request.headers.cookie ?? "")) return null;
      await app.failedAuthentications.refuseWhileBlocked(request);
      const found = await auth.api.getSession({ headers: toWebHeaders(request), query: { disableRefresh: true } });
      if (!found) await app.failedAuthentications.count(request);
      return found;
    };

    app.decorate(
      "requireUser",
      async (
        request: FastifyRequest,
        { roles, allowMissingTwoFactor, recentAuthentication, countsAsActivity = true }: RequireUserOptions,
      ) => {
        const found = await lookUp(request);
        if (!found) throw new AppError("UNAUTHENTICATED", "Please sign in.");
        const user = found.user as typeof found.user & {
          role?: string;
          vendorCompanyId?: string | null;
          dealerRole?: string | null;
          twoFactorEnabled?: boolean;
        };
        const session = found.session as typeof found.session & { factorVerifiedAt?: Date | null };
        const role = user.role ?? "vendor";
        const now = new Date();
        const endsAt = sessionEndsAt(role, {
          createdAt: new Date(session.createdAt),
          lastActiveAt: new Date(session.updatedAt),
        });
        if (endsAt <= now) {
          await app.db.delete(sessionTable).where(eq(sessionTable.id, session.id));
          sessions.set(request, Promise.resolve(null));
          throw new AppError("UNAUTHENTICATED", "Your session has ended. Please sign in again.");
        }
        if (!roles.includes(role)) throw new AppError("FORBIDDEN", "You do not have access to this page.");
        if (staffTwoFactorRequired && !allowMissingTwoFactor && isStaffRole(role) && !user.twoFactorEnabled) {
          throw new AppError("TWO_FACTOR_REQUIRED", "Set up two-factor authentication to continue.");
        }
        const recentUntil = recentAuthenticationUntil(
          session.factorVerifiedAt ? new Date(session.factorVerifiedAt) : null,
        );
        if (recentAuthentication && recentUntil <= now) {
          throw new AppError("REAUTHENTICATION_REQUIRED", "Please confirm it is you to continue.");
        }
        let lastActiveAt = new Date(session.updatedAt);
        if (
          countsAsActivity &&
          isStaffRole(role) &&
          now.getTime() - lastActiveAt.getTime() >= activityWriteIntervalMs
        ) {
          await app.db.update(sessionTable).set({ updatedAt: now }).where(eq(sessionTable.id, session.id));
          session.updatedAt = now;
          lastActiveAt = now;
        }
        return {
          id: user.id,
          sessionId: session.id,
          email: user.email,
          name: user.name,
          role,
          vendorCompanyId: user.vendorCompanyId ?? null,
          dealerRole: user.dealerRole ?? null,
          twoFactorEnabled: Boolean(user.twoFactorEnabled),
          sessionEndsAt: sessionEndsAt(role, { createdAt: new Date(session.createdAt), lastActiveAt }),
          recentAuthenticationUntil: recentUntil,
        };
      },
    );

    // better-auth parses its own bodies: hand it the raw bytes in an encapsulated scope. Only the
    // endpoints the product uses are routed; better-auth sees exactly the path that was matched.
    // An endpoint whose library body takes more than the product sends (trustDevice) is checked
    // by our contract first and forwarded as parsed: the library sees nothing else.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) =>
        exceedsJsonDepth((body as Buffer).toString("latin1"))
          ? done(new AppError("VALIDATION_FAILED", tooDeepMessage), undefined)
          : done(null, body),
      );
      for (const endpoint of exposedAuthEndpoints) {
        scope.route({
          method: endpoint.method,
          url: `/api/auth${endpoint.path}`,
          schema: { hide: true },
          config: { rateLimit: false },
          handler: async (request, reply) => {
            const url = new URL(`/api/auth${endpoint.path}`, publicUrl);
            url.search = new URL(request.url, publicUrl).search;
            const hasBody = request.method !== "GET" && request.body instanceof Buffer && request.body.length > 0;
            const headers = toWebHeaders(request);
            let body = hasBody ? new Uint8Array(request.body as Buffer) : undefined;
            if (endpoint.body) {
              // A ZodError: the usual 400.
              body = new TextEncoder().encode(JSON.stringify(endpoint.body.parse(parsedJson(request.body))));
              headers.set("content-type", "application/json");
              headers.delete("content-length");
            }
            const response = await auth.handler(new Request(url, { method: request.method, headers, body }));
            reply.status(response.status);
            response.headers.forEach((value, key) => {
              if (key !== "set-cookie") reply.header(key, value);
            });
            const cookies = response.headers.getSetCookie();
            if (cookies.length > 0) reply.header("set-cookie", cookies);
            reply.header("cache-control", "no-store");
            return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
          },
        });
      }
    });

    // Reset and invitation links mailed before their token moved to the fragment get the answer of
    // any endpoint we do not route (404), but from a route: the request log, metrics and traces
    // then name this pattern, never the token in the path (docs/product-rules.md#r37-no-secret-in-a-url-or-a-log).
    // (reply.callNotFound()
    // would answer from the not-found route, which has no pattern.)
    app.get("/api/auth/reset-password/:token", { schema: { hide: true }, config: { rateLimit: false } }, async () => {
      throw new AppError("NOT_FOUND", "Not found.");
    });
  },
  { name: "auth", dependencies: ["security"] },
);
