import type { Endpoint, EndpointInput, EndpointResponse, MultipartBody } from "#domain/http/endpoint.ts";
import { upload, type UploadProgress } from "../../lib/call.ts";

/**
 * Each file's percentage sent, from the bytes of the whole body sent so far: the files go in
 * order, so those bytes fill them one after another (an empty file counts as sent).
 */
export function perFileProgress(fileSizes: readonly number[], { sent, total }: UploadProgress): number[] {
  const filesTotal = fileSizes.reduce((sum, size) => sum + size, 0);
  let left = total > 0 ? (sent / total) * filesTotal : 0;
  return fileSizes.map((size) => {
    const part = Math.min(size, Math.max(0, left));
    left -= size;
    return size === 0 ? 100 : Math.round((part / size) * 100);
  });
}

/**
 * `upload()` (app/lib/call.ts) with progress per file: `fileSizes` are the form's files in order;
 * `onProgress` gets each one's percentage.
 */
export function uploadWithProgress<E extends Endpoint & { multipart: MultipartBody }>(
  endpoint: E,
  input: EndpointInput<E>,
  fileSizes: readonly number[],
  onProgress: (perFile: number[]) => void,
): Promise<EndpointResponse<E>> {
  return upload(endpoint, input, (progress) => onProgress(perFileProgress(fileSizes, progress)));
}
