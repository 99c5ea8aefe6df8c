import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, RouteHandlerMethod } from "fastify";
import type { Endpoint, EndpointBody, EndpointHeaders, EndpointParams, EndpointQuery, EndpointReply } from "#domain/api/endpoint.ts";

export type EndpointRequest<E extends Endpoint> = FastifyRequest<{ Params: EndpointParams<E>; Querystring: EndpointQuery<E>; Body: EndpointBody<E>; Headers: EndpointHeaders<E> }>;

/** A handler answers the endpoint's response, or sends the reply itself (files, CSV). */
export type EndpointHandler<E extends Endpoint> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointReply<E> | FastifyReply>;

type RouteOptions = {
  /** Runs before the body is read: role checks that must refuse before validation. */
  onRequest?: onRequestAsyncHookHandler;
  /** Route config, e.g. `{ rateLimit: { max, timeWindow } }`. */
  config?: Record<string, unknown>;
};

/**
 * Registers a route from its contract (domain/api/): method, path and schemas come from the
 * contract, so the route, the OpenAPI document and the browser's `call()` cannot drift apart.
 * An endpoint whose only success is 201 answers 201 unless the handler sets another status.
 */
export function registerEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>, options: RouteOptions = {}): void {
  const response: Record<number, unknown> = {};
  if (endpoint.responses[200]) response[200] = endpoint.responses[200];
  if (endpoint.responses[201]) response[201] = endpoint.responses[201];
  if (endpoint.responses[503]) response[503] = endpoint.responses[503];
  const createdOnly = endpoint.responses[201] !== undefined && endpoint.responses[200] === undefined;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.config ? { config: options.config } : {}),
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      ...(endpoint.errors.length > 0 ? { description: `Errors: ${endpoint.errors.join(", ")}.` } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.multipart ? { consumes: ["multipart/form-data"] } : {}),
      ...(Object.keys(response).length > 0 ? { response } : {}),
    },
    handler: (async (request: EndpointRequest<E>, reply: FastifyReply) => {
      if (createdOnly) reply.status(201);
      return handler(request, reply);
    }) as unknown as RouteHandlerMethod,
  });
}
