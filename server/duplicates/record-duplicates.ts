import { and, gte, inArray, lte, ne, or } from "drizzle-orm";
import type { DuplicateRecordType } from "#domain/duplicates/contracts.ts";
import {
  duplicateWindowDays,
  matchKinds,
  matchValues,
  type MatchKind,
  type MatchOwner,
} from "#domain/duplicates/match-keys.ts";
import type { DbExecutor } from "../db/client.ts";
import { duplicateLink, duplicateMatchKey } from "./tables.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";

export type MatchedRecord = {
  type: DuplicateRecordType;
  id: string;
  taxId?: string | null;
  email?: string | null;
  phone?: string | null;
  owners?: readonly MatchOwner[];
};

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Called in the transaction that stores a new deal, credit application or calculator lead:
 * stores its match keys (keyed hashes, never the values) and links it to every record within 90
 * days with the same tax id, e-mail or phone, or an owner with the same SSN, home phone or home
 * e-mail (a credit application's owners), for staff to merge or dismiss. A record stored now has
 * only earlier ones; one given keys later by the backfill (`now` its arrival) is also linked, as
 * the earlier, to the records that arrived after it.
 */
export async function recordDuplicates(
  db: DbExecutor,
  cipher: Pick<FieldCipher, "lookupHash">,
  record: MatchedRecord,
  now = new Date(),
): Promise<number> {
  const keys = matchValues(record).map(({ kind, value }) => ({ kind, keyHash: cipher.lookupHash(value) }));
  if (keys.length === 0) return 0;
  const found = await db
    .select({
      recordType: duplicateMatchKey.recordType,
      recordId: duplicateMatchKey.recordId,
      kind: duplicateMatchKey.kind,
      createdAt: duplicateMatchKey.createdAt,
    })
    .from(duplicateMatchKey)
    .where(
      and(
        inArray(
          duplicateMatchKey.keyHash,
          keys.map((key) => key.keyHash),
        ),
        gte(duplicateMatchKey.createdAt, new Date(now.getTime() - duplicateWindowDays * dayMs)),
        lte(duplicateMatchKey.createdAt, new Date(now.getTime() + duplicateWindowDays * dayMs)),
        or(ne(duplicateMatchKey.recordType, record.type), ne(duplicateMatchKey.recordId, record.id)),
      ),
    );
  await db.insert(duplicateMatchKey).values(
    keys.map((key) => ({
      recordType: record.type,
      recordId: record.id,
      kind: key.kind,
      keyHash: key.keyHash,
      createdAt: now,
    })),
  );

  const others = new Map<string, { type: DuplicateRecordType; id: string; at: Date; reasons: Set<MatchKind> }>();
  for (const row of found) {
    const key = `${row.recordType}:${row.recordId}`;
    const entry = others.get(key) ?? {
      type: row.recordType,
      id: row.recordId,
      at: row.createdAt,
      reasons: new Set<MatchKind>(),
    };
    entry.reasons.add(row.kind);
    others.set(key, entry);
  }
  if (others.size === 0) return 0;
  await db
    .insert(duplicateLink)
    .values(
      [...others.values()].map((other) => {
        const self = { type: record.type, id: record.id, at: now };
        const [newer, earlier] = other.at > now ? [other, self] : [self, other];
        return {
          newerType: newer.type,
          newerId: newer.id,
          earlierType: earlier.type,
          earlierId: earlier.id,
          reasons: matchKinds.filter((kind) => other.reasons.has(kind)),
          createdAt: newer.at,
        };
      }),
    )
    .onConflictDoNothing();
  return others.size;
}
