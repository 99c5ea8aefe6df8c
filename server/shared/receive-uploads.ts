import { createHash, randomUUID, type Hash } from "node:crypto";
import path from "node:path";
import { finished, Readable, Transform } from "node:stream";
import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { fileTypeFromBuffer } from "file-type";
import type { FileSlot } from "#domain/http/endpoint.ts";
import { maxFileBytes } from "#domain/deals/new-deal-schema.ts";
import { AppError } from "./errors.ts";
import type { FileStorage } from "./storage/file-storage.ts";

const sampleSize = 4100;

/** The multipart parser refused the body (cut off, no or bad boundary): the request's fault. */
const unreadable = () => new AppError("BAD_REQUEST", "The upload could not be read.");

/**
 * Reads up to `sampleSize` bytes to learn what the file really is, and gives back a stream of
 * the whole file (the sample put back in front). `finished` also settles for a stream the parser
 * ended or destroyed before we got to it (the body cut off inside this part).
 */
function sniffType(stream: Readable): Promise<{ mime: string | undefined; body: Readable }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let settled = false;
    const finish = async (ended: boolean) => {
      if (settled) return;
      settled = true;
      stream.off("readable", onReadable);
      stopWatching();
      const head = Buffer.concat(chunks);
      const type = await fileTypeFromBuffer(head);
      // The whole file may have been read into the sample (it ended meanwhile): then it is all in `head`.
      if (ended || stream.readableEnded)
        return resolve({ mime: type?.mime, body: Readable.from(head.length ? [head] : []) });
      stream.unshift(head);
      resolve({ mime: type?.mime, body: stream });
    };
    const onReadable = () => {
      let chunk: Buffer | null;
      while (length < sampleSize && (chunk = stream.read()) !== null) {
        chunks.push(chunk);
        length += chunk.length;
      }
      if (length >= sampleSize) void finish(false).catch(reject);
    };
    const stopWatching = finished(stream, { writable: false }, (error) => {
      if (!error) return void finish(true).catch(reject);
      if (settled) return;
      settled = true;
      stream.off("readable", onReadable);
      reject(unreadable());
    });
    stream.on("readable", onReadable);
  });
}

/**
 * The file's bytes as storage reads them, hashed on the way. If the parser fails inside this part,
 * storage fails with the client's 400; if storage fails, the request's stream is left alone (and drained).
 */
function forStorage(file: Readable, hash: Hash): Readable {
  const body = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  file.once("error", () => body.destroy(unreadable()));
  body.once("close", () => {
    if (!file.readableEnded) file.resume();
  });
  return file.pipe(body);
}

/** `sha256` (hex) of the content: what /api/v1's idempotency compares; not stored with the document. */
export type StoredUpload = {
  slot: string;
  storageKey: string;
  originalName: string;
  contentType: string;
  size: number;
  sha256: string;
};

/** A display name: no path, no control characters, at most 200 characters. */
function safeName(name: string): string {
  const base = path
    .basename(name.replace(/\\/g, "/"))
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim();
  return (base || "document").slice(0, 200);
}

async function storeOne(
  part: MultipartFile,
  slot: FileSlot,
  storage: FileStorage,
  keyPrefix: string,
): Promise<StoredUpload> {
  const originalName = safeName(part.filename);
  const extension = path.extname(originalName).slice(1).toLowerCase();
  const { mime, body } = await sniffType(part.file);
  if (!mime || !Object.hasOwn(slot.accept, mime) || !slot.accept[mime]!.includes(extension)) {
    body.resume();
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      slot.refusal ??
        `${originalName} is not an accepted document: its content must be a PDF, Word, XML or image file matching its name.`,
    );
  }
  const storageKey = `${keyPrefix}/${randomUUID()}`;
  const hash = createHash("sha256");
  const { size } = await storage.put(storageKey, forStorage(body, hash), mime);
  if (part.file.truncated || size > slot.maxBytes) {
    await storage.delete(storageKey);
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `${originalName} is larger than ${Math.min(slot.maxBytes, maxFileBytes) / 1024 / 1024} MB.`,
    );
  }
  if (size === 0) {
    await storage.delete(storageKey);
    throw new AppError("BAD_REQUEST", `${originalName} is empty.`);
  }
  return { slot: part.fieldname, storageKey, originalName, contentType: mime, size, sha256: hash.digest("hex") };
}

/**
 * What a multipart body may hold: its file slots, and how its text fields are read. The fields come
 * first: `readFields` runs on all of them before the first file is stored (or at the end, without
 * files) and throws to refuse the request; a field after a file is refused.
 */
export type UploadForm<F> = { files: Readonly<Record<string, FileSlot>>; readFields(text: Record<string, string>): F };

const fieldsAfterFiles = "Send the form's fields before its files.";

/**
 * Reads a multipart request: text fields, checked by `form.readFields` before any file is stored,
 * then files streamed to storage after a content check. On any failure every file it stored is
 * deleted before the error goes on: nothing is left half-done.
 */
export async function receiveUploads<F>(
  request: FastifyRequest,
  storage: FileStorage,
  keyPrefix: string,
  form: UploadForm<F>,
): Promise<{ text: Record<string, string>; fields: F; files: StoredUpload[] }> {
  const text: Record<string, string> = {};
  let fields: { value: F } | null = null;
  const files: StoredUpload[] = [];
  const counts = new Map<string, number>();
  // Whether a failure came from the parser (reading the next part) or from storing a file.
  let storing = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if (fields) throw new AppError("VALIDATION_FAILED", fieldsAfterFiles);
        // A part sent as application/json arrives parsed: read as the text it was.
        text[part.fieldname] = typeof part.value === "string" ? part.value : JSON.stringify(part.value);
        continue;
      }
      const slot = Object.hasOwn(form.files, part.fieldname) ? form.files[part.fieldname] : undefined;
      const count = (counts.get(part.fieldname) ?? 0) + 1;
      counts.set(part.fieldname, count);
      try {
        if (!slot) throw new AppError("BAD_REQUEST", `Unexpected file field ${part.fieldname}.`);
        fields ??= { value: form.readFields(text) };
        if (count > slot.maxCount) throw new AppError("PAYLOAD_TOO_LARGE", "Too many files in one submission.");
      } catch (error) {
        part.file.resume();
        throw error;
      }
      storing = true;
      files.push(await storeOne(part, slot, storage, keyPrefix));
      storing = false;
    }
    fields ??= { value: form.readFields(text) };
    for (const [name, slot] of Object.entries(form.files))
      if (slot.required && !counts.get(name)) throw new AppError("VALIDATION_FAILED", slot.required);
  } catch (error) {
    await discardUploads(storage, files);
    throw asUploadError(error, !storing);
  }
  return { text, fields: fields.value, files };
}

/** Parser failures become the client's 4xx; a storage failure stays a server error. */
function asUploadError(error: unknown, fromParser: boolean): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE")
    return new AppError("PAYLOAD_TOO_LARGE", `A file is larger than ${maxFileBytes / 1024 / 1024} MB.`);
  if (code === "FST_FILES_LIMIT") return new AppError("PAYLOAD_TOO_LARGE", "Too many files in one submission.");
  if (fromParser || (typeof code === "string" && code.startsWith("FST_"))) return unreadable();
  return error;
}

/** The uploads of a request (its fields as read, their text as sent), and `unused()` for an outcome that keeps none of them (a repeat). */
export type ReceivedUploads<F> = { text: Record<string, string>; fields: F; files: StoredUpload[]; unused(): void };

/**
 * Receives the request's uploads (receiveUploads) and runs `use` with them. The stored files are
 * deleted when `use` throws, or after it returns if it called `unused()`: a file only stays when
 * the request that brought it succeeded and keeps it.
 */
export async function withUploads<F, T>(
  request: FastifyRequest,
  storage: FileStorage,
  keyPrefix: string,
  form: UploadForm<F>,
  use: (uploads: ReceivedUploads<F>) => Promise<T>,
): Promise<T> {
  const { text, fields, files } = await receiveUploads(request, storage, keyPrefix, form);
  let kept = true;
  try {
    const result = await use({
      text,
      fields,
      files,
      unused: () => {
        kept = false;
      },
    });
    if (!kept) await discardUploads(storage, files);
    return result;
  } catch (error) {
    await discardUploads(storage, files);
    throw error;
  }
}

async function discardUploads(storage: FileStorage, files: readonly StoredUpload[]): Promise<void> {
  await Promise.all(files.map((file) => storage.delete(file.storageKey).catch(() => undefined)));
}
