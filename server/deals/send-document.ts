import type { FastifyReply } from "fastify";
import type { FileStorage } from "../shared/storage/file-storage.ts";

/** Streams a stored document as a download, never rendered inline (docs/product-rules.md#r16-documents). */
export async function sendDocument(
  reply: FastifyReply,
  storage: FileStorage,
  document: { storageKey: string; originalName: string; contentType: string; size: number },
) {
  const ascii = document.originalName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  // Opened first: a missing object answers its 404 without a download's headers.
  const body = await storage.get(document.storageKey);
  return reply
    .header("content-type", document.contentType)
    .header("content-length", document.size)
    .header(
      "content-disposition",
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(document.originalName)}`,
    )
    .header("x-content-type-options", "nosniff")
    .send(body);
}
