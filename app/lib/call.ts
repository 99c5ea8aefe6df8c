import type { AuthErrorCode } from "#domain/auth/contracts.ts";
import {
  endpointUrl,
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
  type ErrorCode,
  type MultipartBody,
} from "#domain/http/endpoint.ts";

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

type CallArguments<E extends Endpoint> =
  Record<string, never> extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];
type CallOptions = { signal?: AbortSignal };

const unreachable = () =>
  new ApiError(0, "NETWORK", "We could not reach our server. Please check your connection and try again.");

/** An answer as the browser takes it: the contract's success, parsed by its schema, or the ApiError it stands for. */
export type Decoded<E extends Endpoint> = { ok: true; data: EndpointResponse<E> } | { ok: false; error: ApiError };

/**
 * Decodes an answer of an endpoint, whatever sent it (fetch or an upload): a 2xx is parsed with
 * the contract's response schema for its status; anything else is the error body's code, message
 * and fields at fault (a body that is not ours, a proxy's page, reads as INTERNAL).
 */
export function decodeResponse<E extends Endpoint>(endpoint: E, status: number, text: string): Decoded<E> {
  const data = parseJsonOrNull(text);
  if (status < 200 || status >= 300) {
    const failure = (data ?? {}) as {
      code?: ApiErrorCode;
      message?: string;
      details?: { path: string; message: string }[];
    };
    return {
      ok: false,
      error: new ApiError(
        status,
        failure.code ?? "INTERNAL",
        failure.message ?? "Something went wrong. Please try again later.",
        Array.isArray(failure.details) ? failure.details : [],
      ),
    };
  }
  const schema = endpoint.responses[status as 200 | 201];
  if (!schema) return { ok: true, data: data as EndpointResponse<E> };
  const parsed = schema.safeParse(data);
  if (!parsed.success)
    return {
      ok: false,
      error: new ApiError(
        status,
        "UNEXPECTED_RESPONSE",
        "The server answered something we did not expect. Please reload the page.",
      ),
    };
  return { ok: true, data: parsed.data as EndpointResponse<E> };
}

function settle<E extends Endpoint>(decoded: Decoded<E>): EndpointResponse<E> {
  if (!decoded.ok) throw decoded.error;
  return decoded.data;
}

/**
 * Calls an endpoint by its contract: fills the path, sends the body (JSON, or the FormData of a
 * multipart endpoint) and parses the answer with the contract's response schema. Throws ApiError.
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  ...[input, options]: CallArguments<E>
): Promise<EndpointResponse<E>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
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
    throw unreachable();
  }
  return settle(decodeResponse(endpoint, response.status, await response.text()));
}

/** The bytes of an upload sent so far, out of its whole body (0 of 0 until the browser knows). */
export type UploadProgress = { sent: number; total: number };

/**
 * `call()` for a multipart endpoint, reporting upload progress (fetch cannot): sends the FormData
 * with XMLHttpRequest and decodes the answer as call() does. Throws ApiError.
 */
export function upload<E extends Endpoint & { multipart: MultipartBody }>(
  endpoint: E,
  input: EndpointInput<E>,
  onProgress: (progress: UploadProgress) => void,
): Promise<EndpointResponse<E>> {
  const { params, body } = input as { params?: Record<string, unknown>; body: FormData };
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(endpoint.method, endpointUrl(endpoint.path, params));
    request.withCredentials = true;
    request.upload.onprogress = (event) =>
      onProgress(event.lengthComputable ? { sent: event.loaded, total: event.total } : { sent: 0, total: 0 });
    request.onload = () => {
      try {
        resolve(settle(decodeResponse(endpoint, request.status, request.responseText)));
      } catch (error) {
        reject(error as Error);
      }
    };
    request.onerror = () => reject(unreachable());
    request.send(body);
  });
}

/**
 * The body of a multipart endpoint from a submitted form, in the contract's order: its text fields
 * (an absent one sent empty), then the files of each slot. The server refuses fields after files.
 */
export function multipartForm(endpoint: Endpoint & { multipart: MultipartBody }, form: FormData): FormData {
  const body = new FormData();
  for (const name of Object.keys(endpoint.multipart.fields.shape)) body.append(name, String(form.get(name) ?? ""));
  for (const slot of Object.keys(endpoint.multipart.files)) {
    for (const file of form.getAll(slot)) if (file instanceof File) body.append(slot, file, file.name);
  }
  return body;
}

/** The address of a download endpoint (a file or CSV the browser opens itself). */
export function downloadUrl<E extends Endpoint & { download: true }>(
  endpoint: E,
  input: Omit<EndpointInput<E>, "body">,
): string {
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
