import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  RouteHandlerMethod,
} from "fastify";
import type {
  Audience,
  Endpoint,
  EndpointBody,
  EndpointHeaders,
  EndpointParams,
  EndpointQuery,
  EndpointReply,
  MultipartBody,
  MultipartFields,
} from "#domain/http/endpoint.ts";
import { authRoles, staffRoles } from "#domain/auth/roles.ts";
import { AppError } from "./shared/errors.ts";
import type { ApiKeyCaller } from "./api-keys/authenticate-api-key.ts";
import type { ApplicantCaller } from "./applicant-portal/applicant-session-plugin.ts";
import type { SignerCaller } from "./signing/signer-session-plugin.ts";
import { requireVendorScope, type VendorScope } from "./shared/vendor-scope.ts";
import type { SessionUser } from "./auth/auth-plugin.ts";
import { parseJsonField } from "./limit-json-depth.ts";
import { withUploads, type ReceivedUploads, type UploadForm } from "./shared/receive-uploads.ts";

export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
  Headers: EndpointHeaders<E>;
}>;

/** Who the guard of the endpoint's audience let in: a vendor company, an API key, a deal's applicant, a package's signer, a signed-in user, or nobody in particular. */
export type EndpointCaller<E extends Endpoint> = E["audience"] extends "vendor" | "dealer-admin"
  ? VendorScope
  : E["audience"] extends "api-key"
    ? ApiKeyCaller
    : E["audience"] extends "applicant"
      ? ApplicantCaller
      : E["audience"] extends "signer"
        ? SignerCaller
        : E["audience"] extends "public"
          ? undefined
          : SessionUser;

/**
 * A multipart endpoint's body, read by its contract when the handler asks (after the checks that
 * need no body, such as the deal being the caller's): 415 unless the body is multipart; the text
 * fields validated before any file is stored; files stored under `keyPrefix`, then `use` runs with
 * them, and they are deleted if it fails or calls `unused()` (withUploads).
 */
export type ReceiveMultipart<E extends Endpoint> = <T>(
  keyPrefix: string,
  use: (uploads: ReceivedUploads<MultipartFields<E>>) => Promise<T>,
) => Promise<T>;

/** A handler answers the endpoint's response, or sends the reply itself (files, CSV); a multipart endpoint's handler gets its body's reader. */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
  caller: EndpointCaller<E>,
  receive: E["multipart"] extends MultipartBody ? ReceiveMultipart<E> : undefined,
) => Promise<EndpointReply<E> | FastifyReply>;

type RouteOptions = {
  /** Runs before the body is read, after the audience's guard: checks that must refuse before validation. */
  onRequest?: onRequestAsyncHookHandler;
  /** Route config, e.g. `{ rateLimit: { max, timeWindow } }`. */
  config?: Record<string, unknown>;
};

const anyRole = Object.values(authRoles);
const sessionRoles = { staff: staffRoles, admin: [authRoles.admin] } as const;

/** The caller each request's guard let in, for its handler. */
const callers = new WeakMap<FastifyRequest, unknown>();

/** The audience's check, before the body is read: 401 without a credential, 403 for the wrong role (or staff without two-factor where required). */
async function admit(app: FastifyInstance, audience: Audience, request: FastifyRequest): Promise<unknown> {
  switch (audience) {
    case "public":
      return undefined;
    case "signed-in":
      // Staff without two-factor still reach their own session and enrolment; reading one's own state is not activity.
      return app.requireUser(request, { roles: anyRole, allowMissingTwoFactor: true, countsAsActivity: false });
    case "vendor":
      return requireVendorScope(app, request);
    case "dealer-admin":
      return requireVendorScope(app, request, { dealerAdmin: true });
    case "staff":
    case "admin":
      return app.requireUser(request, { roles: sessionRoles[audience] });
    case "api-key":
      // plugins/api-keys.ts authenticated the key before this hook (the route's config says `apiKey`).
      if (!request.apiKey) throw new AppError("UNAUTHENTICATED", "Send a valid API key: Authorization: Bearer <key>.");
      return request.apiKey;
    case "applicant":
      // applicant-portal/applicant-session-plugin.ts: the session its cookie names (docs/product-rules.md#r56-the-applicants-page).
      return app.requireApplicant(request);
    case "signer":
      // signing/signer-session-plugin.ts: the session its cookie names, on a package still open (docs/product-rules.md#r57-documents-and-e-signature).
      return app.requireSigner(request);
  }
}

/** A factor proved within the last few minutes, checked after the input is validated (as the handlers did). */
async function requireFreshFactor(app: FastifyInstance, audience: Audience, request: FastifyRequest): Promise<void> {
  if (audience === "vendor" || audience === "dealer-admin")
    await requireVendorScope(app, request, { recentAuthentication: true, dealerAdmin: audience === "dealer-admin" });
  else if (audience === "staff" || audience === "admin")
    await app.requireUser(request, { roles: sessionRoles[audience], recentAuthentication: true });
  else throw new Error(`A fresh factor needs a session: ${audience}`);
}

/**
 * How a multipart body's text fields are read: a JSON field parsed (null when it is not JSON or
 * nests too deep), then all validated by the contract's schema. A refusal says the first issue;
 * /api/v1 adds every issue's path (within a JSON field, from its value), as for its JSON bodies.
 */
function multipartForm(multipart: MultipartBody, audience: Audience): UploadForm<unknown> {
  const json = new Set(multipart.jsonFields ?? []);
  return {
    files: multipart.files,
    readFields(text) {
      const values: Record<string, unknown> = { ...text };
      for (const name of json) values[name] = parseJsonField(text[name]);
      const parsed = multipart.fields.safeParse(values);
      if (parsed.success) return parsed.data;
      const { issues } = parsed.error;
      const details =
        audience === "api-key"
          ? issues.map((issue) => ({
              path: `/${(json.has(String(issue.path[0])) ? issue.path.slice(1) : issue.path).join("/")}`,
              message: issue.message,
            }))
          : undefined;
      throw new AppError("VALIDATION_FAILED", issues[0]?.message ?? "Please check the highlighted fields.", details);
    },
  };
}

/**
 * Registers a route from its contract (domain/<subject>/): method, path and schemas come from the
 * contract, so the route, the OpenAPI document and the browser's `call()` cannot drift apart.
 * The contract's audience is checked before the body is read, and the caller it let in is
 * handed to the handler. An endpoint whose only success is 201 answers 201 unless the handler
 * sets another status.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: RouteOptions = {},
): void {
  const response: Record<number, unknown> = {};
  if (endpoint.responses[200]) response[200] = endpoint.responses[200];
  if (endpoint.responses[201]) response[201] = endpoint.responses[201];
  if (endpoint.responses[503]) response[503] = endpoint.responses[503];
  const createdOnly = endpoint.responses[201] !== undefined && endpoint.responses[200] === undefined;
  const { audience } = endpoint;
  const guard: onRequestAsyncHookHandler = async (request) =>
    void callers.set(request, await admit(app, audience, request));
  const { multipart } = endpoint;
  // The multipart form reaches the OpenAPI document through the route's config (server/plugins/api-docs.ts).
  const config =
    audience === "api-key" || multipart
      ? { ...options.config, ...(audience === "api-key" ? { apiKey: true } : {}), ...(multipart ? { multipart } : {}) }
      : options.config;
  const form = multipart ? multipartForm(multipart, audience) : undefined;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    onRequest: options.onRequest ? [guard, options.onRequest] : guard,
    ...(endpoint.freshFactor
      ? { preHandler: async (request: FastifyRequest) => requireFreshFactor(app, audience, request) }
      : {}),
    ...(config ? { config } : {}),
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      ...(endpoint.errors.length > 0 ? { description: `Errors: ${endpoint.errors.join(", ")}.` } : {}),
      "x-audience": audience,
      ...(endpoint.freshFactor ? { "x-fresh-factor": true } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(multipart ? { consumes: ["multipart/form-data"] } : {}),
      ...(Object.keys(response).length > 0 ? { response } : {}),
    },
    handler: (async (request: EndpointRequest<E>, reply: FastifyReply) => {
      if (createdOnly) reply.status(201);
      const receive =
        multipart && form
          ? <T>(keyPrefix: string, use: (uploads: ReceivedUploads<unknown>) => Promise<T>) => {
              if (!request.isMultipart())
                throw new AppError("UNSUPPORTED_MEDIA_TYPE", `Send ${multipart.what} as multipart/form-data.`);
              return withUploads(request, app.storage, keyPrefix, form, use);
            }
          : undefined;
      return handler(
        request,
        reply,
        callers.get(request) as EndpointCaller<E>,
        receive as Parameters<EndpointHandler<E>>[3],
      );
    }) as unknown as RouteHandlerMethod,
  });
}
