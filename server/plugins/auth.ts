import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isStaffRole } from "#domain/auth/roles.ts";
import { AppError } from "../errors.ts";
import type { Auth } from "../modules/auth/create-auth.ts";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role: string;
  vendorCompanyId: string | null;
  twoFactorEnabled: boolean;
};

export type RequireUserOptions = { roles: readonly string[]; allowMissingTwoFactor?: boolean };

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

export default fp(
  async function authPlugin(app: FastifyInstance, options: { auth: Auth; publicUrl: string; staffTwoFactorRequired: boolean }) {
    const { auth, publicUrl, staffTwoFactorRequired } = options;
    app.decorate("auth", auth);

    // One session lookup per request, however many checks ask (the area's hook, then the handler).
    const sessions = new WeakMap<FastifyRequest, ReturnType<typeof auth.api.getSession>>();
    app.decorate("requireUser", async (request: FastifyRequest, { roles, allowMissingTwoFactor }: RequireUserOptions) => {
      if (!sessions.has(request)) sessions.set(request, auth.api.getSession({ headers: toWebHeaders(request) }));
      const session = await sessions.get(request)!;
      if (!session) throw new AppError("UNAUTHENTICATED", "Please sign in.");
      const user = session.user as typeof session.user & { role?: string; vendorCompanyId?: string | null; twoFactorEnabled?: boolean };
      const role = user.role ?? "vendor";
      if (!roles.includes(role)) throw new AppError("FORBIDDEN", "You do not have access to this page.");
      if (staffTwoFactorRequired && !allowMissingTwoFactor && isStaffRole(role) && !user.twoFactorEnabled) {
        throw new AppError("TWO_FACTOR_REQUIRED", "Set up two-factor authentication to continue.");
      }
      return {
        id: user.id,
        email: user.email,
        name: user.name,
        role,
        vendorCompanyId: user.vendorCompanyId ?? null,
        twoFactorEnabled: Boolean(user.twoFactorEnabled),
      };
    });

    // better-auth parses its own bodies: hand it the raw bytes in an encapsulated scope.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
      scope.route({
        method: ["GET", "POST"],
        url: "/api/auth/*",
        schema: { hide: true },
        config: { rateLimit: false },
        handler: async (request, reply) => {
          const hasBody = request.method !== "GET" && request.body instanceof Buffer && request.body.length > 0;
          const response = await auth.handler(
            new Request(new URL(request.url, publicUrl), {
              method: request.method,
              headers: toWebHeaders(request),
              body: hasBody ? new Uint8Array(request.body as Buffer) : undefined,
            }),
          );
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
    });
  },
  { name: "auth" },
);
