import { sql } from "drizzle-orm";
import type { DuplicateRecordType } from "#domain/api/back-office-duplicates.ts";
import { duplicateWindowDays } from "#domain/duplicates/match-keys.ts";
import type { DbExecutor } from "../../db/client.ts";
import type { FieldCipher } from "../crypto/field-cipher.ts";
import { recordDuplicates } from "./record-duplicates.ts";

type Candidate = { type: DuplicateRecordType; id: string; created_at: string | Date; tax_id_encrypted: string | null; email: string | null; phone: string | null };

/**
 * Records of the last 90 days stored before duplicates were kept (issue 20) have no match keys, so a
 * new application could not be linked to them. This gives them their keys, oldest first and each
 * as of its own creation time, so they are also linked to one another as if they had arrived with
 * the feature. Records that already have keys are left alone: safe to run again.
 */
export async function backfillMatchKeys(db: DbExecutor, cipher: Pick<FieldCipher, "decrypt" | "lookupHash">, now = new Date()): Promise<{ records: number; links: number }> {
  const since = new Date(now.getTime() - duplicateWindowDays * 24 * 60 * 60 * 1000);
  const without = (type: DuplicateRecordType) => sql`not exists (select 1 from duplicate_match_key k where k.record_type = ${type} and k.record_id = r.id)`;
  const result = (await db.execute(sql`
    select 'deal' as type, r.id, r.created_at, c.business_tax_id_encrypted as tax_id_encrypted, r.business_email as email, r.business_phone as phone
      from deal r left join deal_client c on c.deal_id = r.id
      where r.created_at >= ${since} and ${without("deal")}
    union all
    select 'credit-application', r.id, r.created_at, r.fed_id_encrypted, r.business_email, r.business_phone
      from credit_application r where r.created_at >= ${since} and ${without("credit-application")}
    union all
    select 'calculator', r.id, r.created_at, null, r.owner_email, r.owner_phone
      from calculator_lead r where r.created_at >= ${since} and ${without("calculator")}
    order by created_at, id`)) as unknown as { rows: Candidate[] };
  let links = 0;
  for (const row of result.rows) {
    const taxId = row.tax_id_encrypted ? cipher.decrypt(row.tax_id_encrypted) : null;
    links += await recordDuplicates(db, cipher, { type: row.type, id: row.id, taxId, email: row.email, phone: row.phone }, new Date(row.created_at));
  }
  return { records: result.rows.length, links };
}
