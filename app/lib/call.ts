import type { AuthErrorCode } from "#domain/auth/contracts.ts";
import { endpointUrl, type Endpoint, type EndpointInput, type EndpointResponse, type ErrorCode } from "#domain/http/endpoint.ts";

/** Our codes, the auth library's that the browser tells apart (domain/auth/contracts.ts), or the call's own. */
export type ApiErrorCode = ErrorCode | AuthErrorCode | "NETWORK" | "UNEXPECTED_RESPONSE";

/** A failed call: the server's error code, message and (for VALIDATION_FAILED) the fields at fault. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details: readonly { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

type CallArguments<E extends Endpoint> = Record<string, never> extends EndpointInput<E> ? [input?: EndpointInput<E>, options?: CallOptions] : [input: EndpointInput<E>, options?: CallOptions];
type CallOptions = { signal?: AbortSignal };

/**
 * Calls an endpoint by its contract: fills the path, sends the body (JSON, or the FormData of a
 * multipart endpoint) and parses the answer with the contract's response schema. Throws ApiError.
 */
export async function call<E extends Endpoint>(endpoint: E, ...[input, options]: CallArguments<E>): Promise<EndpointResponse<E>> {
  const { params, query, body } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const json = body !== undefined && !(body instanceof FormData);
  let response: Response;
  try {
    response = await fetch(endpointUrl(endpoint.path, params, query), {
      method: endpoint.method,
      headers: json ? { "content-type": "application/json" } : undefined,
      body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as FormData),
      credentials: "same-origin",
      signal: options?.signal,
    });
  } catch (error) {
    if (options?.signal?.aborted) throw error;
    throw new ApiError(0, "NETWORK", "We could not reach our server. Please check your connection and try again.");
  }
  const text = await response.text();
  const data = parseJsonOrNull(text);
  if (!response.ok) {
    const failure = (data ?? {}) as { code?: ApiErrorCode; message?: string; details?: { path: string; message: string }[] };
    throw new ApiError(response.status, failure.code ?? "INTERNAL", failure.message ?? "Something went wrong. Please try again later.", Array.isArray(failure.details) ? failure.details : []);
  }
  const schema = endpoint.responses[response.status as 200 | 201];
  if (!schema) return data as EndpointResponse<E>;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(response.status, "UNEXPECTED_RESPONSE", "The server answered something we did not expect. Please reload the page.");
  return parsed.data as EndpointResponse<E>;
}

/** The address of a download endpoint (a file or CSV the browser opens itself). */
export function downloadUrl<E extends Endpoint & { download: true }>(endpoint: E, input: Omit<EndpointInput<E>, "body">): string {
  const { params, query } = input as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  return endpointUrl(endpoint.path, params, query);
}

/** A response body as JSON; null when it is empty or not JSON (a proxy's error page). */
export function parseJsonOrNull(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
