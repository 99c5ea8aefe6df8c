import { readFileSync } from "node:fs";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { staffRoles } from "#domain/auth/roles.ts";
import { multipartFormSchema, type MultipartBody } from "#domain/http/endpoint.ts";
import { v1Document, type V1SourceDocument } from "../api-v1/v1-document.ts";

type OpenApiDocument = { paths?: Record<string, Record<string, { "x-audience"?: string }>> } & Record<string, unknown>;

/** The document a visitor sees: the endpoints anyone may call (their contract's audience, server/register-endpoint.ts). */
function publicOnly(document: OpenApiDocument): OpenApiDocument {
  const paths = Object.entries(document.paths ?? {}).flatMap(([path, methods]) => {
    const open = Object.entries(methods).filter(([, operation]) => operation["x-audience"] === "public");
    return open.length > 0 ? [[path, Object.fromEntries(open)] as const] : [];
  });
  return { ...document, paths: Object.fromEntries(paths) };
}

/** The dealer guide (authenticating, idempotency, pagination, errors, versioning, webhooks): v1's description. */
const dealerGuide = readFileSync(new URL("../api-v1/dealer-guide.md", import.meta.url), "utf8");

/**
 * OpenAPI from the route schemas at /api/docs. Outsiders get the public endpoints only; the full
 * document (portal and back office) needs a staff session with two-factor where required.
 * /api/v1/docs is the dealers' document: /api/v1 only, public (docs/product-rules.md#r27-the-dealer-api).
 */
export default fp(
  async function apiDocsPlugin(app: FastifyInstance, options: { title: string; publicUrl: string }) {
    await app.register(swagger, {
      openapi: { info: { title: options.title, version: "1" } },
      // A multipart endpoint's body (read by its handler, so not in the route's schema) is documented from its
      // contract.
      transform: (route) => {
        const multipart = (route.route.config as { multipart?: MultipartBody } | undefined)?.multipart;
        return jsonSchemaTransform(
          multipart ? { ...route, schema: { ...route.schema, body: multipartFormSchema(multipart) } } : route,
        );
      },
    });
    const staffReaders = new WeakSet<FastifyRequest>();
    // Each UI in a scope of its own: the UI plugin decorates its scope.
    await app.register(async (scope) => {
      await scope.register(swaggerUi, {
        routePrefix: "/api/docs",
        staticCSP: true,
        uiHooks: {
          // Typed with the callback signature, but registered with addHook, which awaits an async hook.
          // eslint-disable-next-line @typescript-eslint/no-misused-promises
          onRequest: async (request) => {
            const staff = await app
              .requireUser(request, { roles: staffRoles, countsAsActivity: false })
              .catch(() => null);
            if (staff) staffReaders.add(request);
          },
        },
        transformSpecification: (document, request) => {
          if (staffReaders.has(request)) return document;
          return publicOnly(document as OpenApiDocument);
        },
      });
    });
    await app.register(async (scope) => {
      await scope.register(swaggerUi, {
        routePrefix: "/api/v1/docs",
        staticCSP: true,
        transformSpecification: (document) =>
          v1Document(document as V1SourceDocument, {
            title: `${options.title} v1`,
            guide: dealerGuide,
            publicUrl: options.publicUrl,
          }),
      });
    });
  },
  { name: "api-docs" },
);
