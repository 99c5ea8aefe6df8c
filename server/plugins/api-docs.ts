import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { staffRoles } from "#domain/auth/roles.ts";

/** The endpoints anyone may call: the only ones the document shows to a visitor. */
export const publicApiPrefixes = ["/api/health", "/api/leads/", "/api/quotes/", "/api/partners/", "/api/widget/"] as const;

export function isPublicApiPath(path: string): boolean {
  return publicApiPrefixes.some((prefix) => path.startsWith(prefix));
}

type OpenApiDocument = { paths?: Record<string, unknown> } & Record<string, unknown>;

/**
 * OpenAPI from the route schemas at /api/docs. Outsiders get the public endpoints only; the full
 * document (portal and back office) needs a staff session with two-factor where required.
 */
export default fp(
  async function apiDocsPlugin(app: FastifyInstance, options: { title: string }) {
    await app.register(swagger, { openapi: { info: { title: options.title, version: "1" } }, transform: jsonSchemaTransform });
    const staffReaders = new WeakSet<FastifyRequest>();
    await app.register(swaggerUi, {
      routePrefix: "/api/docs",
      staticCSP: true,
      uiHooks: {
        // Typed with the callback signature, but registered with addHook, which awaits an async hook.
        // eslint-disable-next-line @typescript-eslint/no-misused-promises
        onRequest: async (request) => {
          const staff = await app.requireUser(request, { roles: staffRoles, countsAsActivity: false }).catch(() => null);
          if (staff) staffReaders.add(request);
        },
      },
      transformSpecification: (document, request) => {
        if (staffReaders.has(request)) return document;
        const spec = document as OpenApiDocument;
        return { ...spec, paths: Object.fromEntries(Object.entries(spec.paths ?? {}).filter(([path]) => isPublicApiPath(path))) };
      },
    });
  },
  { name: "api-docs" },
);
