import { endpointUrl, type Endpoint, type EndpointInput, type EndpointResponse } from "#domain/http/endpoint.ts";
import { ApiError, parseJsonOrNull } from "../../lib/call.ts";

type MultipartEndpoint = Endpoint & { multipart: true };

/**
 * `call()` for a multipart endpoint, with upload progress per file (fetch cannot report it): sends
 * the FormData, parses the answer with the contract's response schema, throws ApiError like call().
 * `fileSizes` are the form's files in order; `onProgress` gets each one's percentage.
 */
export function uploadWithProgress<E extends MultipartEndpoint>(endpoint: E, input: EndpointInput<E>, fileSizes: number[], onProgress: (perFile: number[]) => void): Promise<EndpointResponse<E>> {
  const { params, body } = input as { params?: Record<string, unknown>; body: FormData };
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(endpoint.method, endpointUrl(endpoint.path, params));
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      // Files go in order, so bytes sent so far fill them one after another.
      const total = fileSizes.reduce((sum, size) => sum + size, 0);
      let sent = event.lengthComputable && event.total > 0 ? (event.loaded / event.total) * total : 0;
      onProgress(
        fileSizes.map((size) => {
          const part = Math.min(size, Math.max(0, sent));
          sent -= size;
          return size === 0 ? 100 : Math.round((part / size) * 100);
        }),
      );
    };
    request.onload = () => {
      const data = parseJsonOrNull(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        const failure = (data ?? {}) as { code?: ApiError["code"]; message?: string; details?: { path: string; message: string }[] };
        reject(new ApiError(request.status, failure.code ?? "INTERNAL", failure.message ?? "Something went wrong. Please try again later.", Array.isArray(failure.details) ? failure.details : []));
        return;
      }
      const schema = endpoint.responses[request.status as 200 | 201];
      if (!schema) return resolve(data as EndpointResponse<E>);
      const parsed = schema.safeParse(data);
      if (parsed.success) resolve(parsed.data as EndpointResponse<E>);
      else reject(new ApiError(request.status, "UNEXPECTED_RESPONSE", "The server answered something we did not expect. Please reload the page."));
    };
    request.onerror = () => reject(new ApiError(0, "NETWORK", "We could not reach our server. Please check your connection and try again."));
    request.send(body);
  });
}
