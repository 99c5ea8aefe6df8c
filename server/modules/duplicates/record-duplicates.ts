import { and, gte, inArray, ne, or } from "drizzle-orm";
import type { DuplicateRecordType } from "#domain/api/back-office-duplicates.ts";
import { duplicateWindowDays, matchValues, type MatchKind } from "#domain/duplicates/match-keys.ts";
import type { DbExecutor } from "../../db/client.ts";
import { duplicateLink, duplicateMatchKey } from "../../db/schema.ts";
import type { FieldCipher } from "../crypto/field-cipher.ts";

export type MatchedRecord = { type: DuplicateRecordType; id: string; taxId?: string | null; email?: string | null; phone?: string | null };

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Called in the transaction that stores a new deal, credit application or calculator lead:
 * stores its match keys (keyed hashes, never the values) and links it to every record of the
 * last 90 days with the same tax id, e-mail or phone, for staff to merge or dismiss.
 */
export async function recordDuplicates(db: DbExecutor, cipher: Pick<FieldCipher, "lookupHash">, record: MatchedRecord, now = new Date()): Promise<number> {
  const keys = matchValues(record).map(({ kind, value }) => ({ kind, keyHash: cipher.lookupHash(value) }));
  if (keys.length === 0) return 0;
  const since = new Date(now.getTime() - duplicateWindowDays * dayMs);
  const found = await db
    .select({ recordType: duplicateMatchKey.recordType, recordId: duplicateMatchKey.recordId, kind: duplicateMatchKey.kind })
    .from(duplicateMatchKey)
    .where(
      and(
        inArray(
          duplicateMatchKey.keyHash,
          keys.map((key) => key.keyHash),
        ),
        gte(duplicateMatchKey.createdAt, since),
        or(ne(duplicateMatchKey.recordType, record.type), ne(duplicateMatchKey.recordId, record.id)),
      ),
    );
  await db.insert(duplicateMatchKey).values(keys.map((key) => ({ recordType: record.type, recordId: record.id, kind: key.kind, keyHash: key.keyHash, createdAt: now })));

  const earlier = new Map<string, { type: DuplicateRecordType; id: string; reasons: Set<MatchKind> }>();
  for (const row of found) {
    const key = `${row.recordType}:${row.recordId}`;
    const entry = earlier.get(key) ?? { type: row.recordType, id: row.recordId, reasons: new Set<MatchKind>() };
    entry.reasons.add(row.kind);
    earlier.set(key, entry);
  }
  if (earlier.size === 0) return 0;
  const order: MatchKind[] = ["tax-id", "email", "phone"];
  await db
    .insert(duplicateLink)
    .values(
      [...earlier.values()].map((entry) => ({
        newerType: record.type,
        newerId: record.id,
        earlierType: entry.type,
        earlierId: entry.id,
        reasons: order.filter((kind) => entry.reasons.has(kind)),
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
  return earlier.size;
}
