import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import { acceptedDocumentTypes } from "#domain/deals/new-deal-schema.ts";
import type { StoredUpload } from "../shared/receive-uploads.ts";
import type { FileStorage } from "../shared/storage/file-storage.ts";
import { samplePdf, samplePng } from "./demo-files.ts";
import type { Attachment } from "./sample-deals.ts";

async function fileFor(
  attachment: Attachment,
  businessName: string,
): Promise<{ content: Buffer; contentType: string }> {
  const content =
    attachment.kind === "pdf" ? await samplePdf(attachment.title ?? attachment.name, businessName) : samplePng();
  // The same check an upload passes: the content's type must match the name.
  const type = await fileTypeFromBuffer(content);
  const extension = attachment.name.split(".").pop()!;
  if (!type || !acceptedDocumentTypes[type.mime]?.includes(extension))
    throw new Error(`Sample ${attachment.name} would not be accepted`);
  return { content, contentType: type.mime };
}

/** A sample deal's document, stored as an upload to `slot` would be. */
export async function storeSampleFile(
  storage: FileStorage,
  dealId: string,
  slot: string,
  attachment: Attachment,
  businessName: string,
): Promise<StoredUpload> {
  const { content, contentType } = await fileFor(attachment, businessName);
  const storageKey = `deals/${dealId}/${randomUUID()}`;
  const { size } = await storage.put(storageKey, Readable.from([content]), contentType);
  return {
    slot,
    storageKey,
    originalName: attachment.name,
    contentType,
    size,
    sha256: createHash("sha256").update(content).digest("hex"),
  };
}
