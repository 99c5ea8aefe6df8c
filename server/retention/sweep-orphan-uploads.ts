import { inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { dealDocument } from "../deals/tables.ts";
import { partner } from "../partners/tables.ts";
import { signingDocument, signingSealedFile } from "../signing/tables.ts";
import type { FileStorage } from "../shared/storage/file-storage.ts";

/**
 * Deletes stored files no row points at: what a crash mid-upload leaves (a partial file, or the
 * first files of a deal whose transaction never ran). Only files older than `olderThanMs`, so an
 * upload still in progress on another server is left alone.
 */
export async function sweepOrphanUploads(db: Database, storage: FileStorage, olderThanMs: number, now = new Date()) {
  let deleted = 0;
  for (const prefix of ["deals/", "partners/"]) {
    const candidates: string[] = [];
    for await (const file of storage.list(prefix)) {
      if (now.getTime() - file.modifiedAt.getTime() >= olderThanMs) candidates.push(file.key);
    }
    for (let i = 0; i < candidates.length; i += 500) {
      const batch = candidates.slice(i, i + 500);
      const referenced = new Set([
        ...(
          await db
            .select({ key: dealDocument.storageKey })
            .from(dealDocument)
            .where(inArray(dealDocument.storageKey, batch))
        ).map((row) => row.key),
        ...(await db.select({ key: partner.logoKey }).from(partner).where(inArray(partner.logoKey, batch))).map(
          (row) => row.key!,
        ),
        ...(
          await db
            .select({ key: signingDocument.storageKey })
            .from(signingDocument)
            .where(inArray(signingDocument.storageKey, batch))
        ).map((row) => row.key),
        ...(
          await db
            .select({ key: signingSealedFile.storageKey })
            .from(signingSealedFile)
            .where(inArray(signingSealedFile.storageKey, batch))
        ).map((row) => row.key),
      ]);
      for (const key of batch.filter((candidate) => !referenced.has(candidate))) {
        await storage.delete(key).catch(() => undefined);
        deleted += 1;
      }
    }
  }
  return deleted;
}
