import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { and, eq } from "drizzle-orm";
import { signerMessages } from "#domain/signing/signer-access.ts";
import type { DbExecutor } from "../db/client.ts";
import { AppError } from "../shared/errors.ts";
import type { FileStorage } from "../shared/storage/file-storage.ts";
import type { SignerCaller } from "./signer-session-plugin.ts";
import { signingDocument, signingSigner } from "./tables.ts";

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * One of the signer's own documents as generated, as a download (a copy to keep or print, the
 * disclosure's paper copy): only a document of theirs in their package (any other: 404), only after
 * consent (409). A few kilobytes, read whole so its length is known.
 */
export async function sendSignerDocument(
  reply: FastifyReply,
  db: DbExecutor,
  storage: FileStorage,
  caller: SignerCaller,
  documentId: string,
) {
  const [found] = await db
    .select({
      title: signingDocument.title,
      storageKey: signingDocument.storageKey,
      consentedAt: signingSigner.consentedAt,
    })
    .from(signingDocument)
    .innerJoin(signingSigner, eq(signingSigner.id, signingDocument.signerId))
    .where(
      and(
        eq(signingDocument.id, documentId),
        eq(signingDocument.signerId, caller.signerId),
        eq(signingDocument.packageId, caller.packageId),
      ),
    );
  if (!found) throw new AppError("NOT_FOUND", "Not found.");
  if (!found.consentedAt) throw new AppError("CONFLICT", signerMessages.consentFirst);
  const body = await readAll(await storage.get(found.storageKey));
  const name = `${found.title}.pdf`;
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return reply
    .header("content-type", "application/pdf")
    .header("content-length", body.length)
    .header("content-disposition", `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header("x-content-type-options", "nosniff")
    .send(body);
}
