import { getTableName, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.ts";
import { dealClient } from "../deals/tables.ts";
import { creditApplication, creditApplicationDraft, creditApplicationOwner } from "../leads/tables.ts";
import { webhookEndpoint } from "../webhooks/tables.ts";
import { payoutAccount } from "../payout-accounts/tables.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";

/** Every column holding field-cipher tokens, with the column that finds its row. */
export const encryptedColumns: readonly { table: PgTable; key: PgColumn; column: PgColumn }[] = [
  { table: creditApplication, key: creditApplication.id, column: creditApplication.fedIdEncrypted },
  { table: creditApplicationOwner, key: creditApplicationOwner.id, column: creditApplicationOwner.ssnEncrypted },
  { table: dealClient, key: dealClient.dealId, column: dealClient.businessTaxIdEncrypted },
  { table: dealClient, key: dealClient.dealId, column: dealClient.dobEncrypted },
  { table: creditApplicationDraft, key: creditApplicationDraft.id, column: creditApplicationDraft.payloadEncrypted },
  { table: webhookEndpoint, key: webhookEndpoint.id, column: webhookEndpoint.secretEncrypted },
  { table: payoutAccount, key: payoutAccount.id, column: payoutAccount.accountNumberEncrypted },
];

export type RotationCount = { column: string; reEncrypted: number; unreadable: number };

type Row = { key: string; token: string };

/**
 * Re-encrypts every stored value not yet under the cipher's current key, `batchSize` rows per
 * transaction. Idempotent: values already under the current key are not read. A value whose key
 * the cipher lacks (or that is damaged) is left as it is and counted as unreadable.
 */
export async function rotateEncryptedFields(
  db: Database,
  cipher: FieldCipher,
  options: { batchSize?: number; onBatch?: (batch: RotationCount) => void } = {},
): Promise<RotationCount[]> {
  const batchSize = options.batchSize ?? 500;
  const currentPrefix = `v1.${cipher.keyId}.%`;
  const counts: RotationCount[] = [];
  for (const { table, key, column } of encryptedColumns) {
    const name = `${getTableName(table)}.${column.name}`;
    const count = { column: name, reEncrypted: 0, unreadable: 0 };
    // Paged by row key, so unreadable values are passed over instead of read again forever.
    let after: string | undefined;
    for (;;) {
      const { rows } = (await db.execute(sql`
        select ${key} as key, ${column} as token from ${table}
        where ${column} is not null and ${column} not like ${currentPrefix} ${after === undefined ? sql`` : sql`and ${key} > ${after}`}
        order by ${key} limit ${batchSize}`)) as unknown as { rows: Row[] };
      if (rows.length === 0) break;
      const batch = { column: name, reEncrypted: 0, unreadable: 0 };
      const updates: (Row & { fresh: string })[] = [];
      for (const row of rows) {
        try {
          updates.push({ ...row, fresh: cipher.encrypt(cipher.decrypt(row.token)) });
        } catch {
          batch.unreadable += 1;
        }
      }
      await db.transaction(async (tx) => {
        for (const update of updates) {
          // Only if unchanged since it was read: a concurrent write wins and is not overwritten.
          const { rows: changed } = (await tx.execute(sql`
            update ${table} set ${sql.identifier(column.name)} = ${update.fresh}
            where ${key} = ${update.key} and ${column} = ${update.token} returning 1`)) as unknown as {
            rows: unknown[];
          };
          batch.reEncrypted += changed.length;
        }
      });
      count.reEncrypted += batch.reEncrypted;
      count.unreadable += batch.unreadable;
      options.onBatch?.(batch);
      if (rows.length < batchSize) break;
      after = rows.at(-1)!.key;
    }
    counts.push(count);
  }
  const total = (field: "reEncrypted" | "unreadable") => counts.reduce((sum, count) => sum + count[field], 0);
  await recordAudit(db, {
    action: "data-key.rotate",
    details: { keyId: cipher.keyId, reEncrypted: total("reEncrypted"), unreadable: total("unreadable") },
  });
  return counts;
}
