import { inArray, sql } from "drizzle-orm";
import type { DuplicateRecordType } from "#domain/duplicates/contracts.ts";
import { duplicateWindowDays, type MatchOwner } from "#domain/duplicates/match-keys.ts";
import type { DbExecutor } from "../db/client.ts";
import { creditApplicationOwner } from "./tables.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { recordDuplicates } from "../duplicates/record-duplicates.ts";

type Candidate = {
  type: DuplicateRecordType;
  id: string;
  created_at: string | Date;
  tax_id_encrypted: string | null;
  email: string | null;
  phone: string | null;
  /** It has its business keys already and lacks only its owners' (stored before owners were matched). */
  owners_only: boolean;
};

/**
 * Records of the last 90 days stored before duplicates were kept have no match keys, and
 * credit applications stored before owners were matched have no owner keys, so a new
 * application could not be linked to them. This gives them the keys they lack, oldest first and
 * each as of its own creation time, so they are linked to one another and to later records as if
 * they had arrived with the feature. Records that already have them are left alone: safe to run again.
 */
export async function backfillMatchKeys(
  db: DbExecutor,
  cipher: Pick<FieldCipher, "decrypt" | "lookupHash">,
  now = new Date(),
): Promise<{ records: number; links: number }> {
  const since = new Date(now.getTime() - duplicateWindowDays * 24 * 60 * 60 * 1000);
  const keyed = (type: DuplicateRecordType) =>
    sql`exists (select 1 from duplicate_match_key k where k.record_type = ${type} and k.record_id = r.id)`;
  const ownerKeyed = sql`exists (select 1 from duplicate_match_key k where k.record_type = 'credit-application' and k.record_id = r.id and k.kind like 'owner-%')`;
  const result = (await db.execute(sql`
    select 'deal' as type, r.id, r.created_at, c.business_tax_id_encrypted as tax_id_encrypted, r.business_email as email, r.business_phone as phone, false as owners_only
      from deal r left join deal_client c on c.deal_id = r.id
      where r.created_at >= ${since} and not ${keyed("deal")}
    union all
    select 'credit-application', r.id, r.created_at, r.fed_id_encrypted, r.business_email, r.business_phone, ${keyed("credit-application")}
      from credit_application r where r.created_at >= ${since} and not ${ownerKeyed}
    union all
    select 'calculator', r.id, r.created_at, null, r.owner_email, r.owner_phone, false
      from calculator_lead r where r.created_at >= ${since} and not ${keyed("calculator")}
    order by created_at, id`)) as unknown as { rows: Candidate[] };
  const applicationIds = result.rows.filter((row) => row.type === "credit-application").map((row) => row.id);
  const owners = new Map<string, MatchOwner[]>();
  if (applicationIds.length > 0) {
    const rows = await db
      .select({
        applicationId: creditApplicationOwner.applicationId,
        ssnEncrypted: creditApplicationOwner.ssnEncrypted,
        phone: creditApplicationOwner.homePhone,
        email: creditApplicationOwner.homeEmail,
      })
      .from(creditApplicationOwner)
      .where(inArray(creditApplicationOwner.applicationId, applicationIds))
      .orderBy(creditApplicationOwner.applicationId, creditApplicationOwner.position);
    for (const row of rows)
      owners.set(row.applicationId, [
        ...(owners.get(row.applicationId) ?? []),
        { ssn: cipher.decrypt(row.ssnEncrypted), phone: row.phone, email: row.email },
      ]);
  }
  let links = 0;
  for (const row of result.rows) {
    const at = new Date(row.created_at);
    const recordOwners = owners.get(row.id) ?? [];
    if (row.owners_only) {
      links += await recordDuplicates(db, cipher, { type: row.type, id: row.id, owners: recordOwners }, at);
      continue;
    }
    const taxId = row.tax_id_encrypted ? cipher.decrypt(row.tax_id_encrypted) : null;
    links += await recordDuplicates(
      db,
      cipher,
      { type: row.type, id: row.id, taxId, email: row.email, phone: row.phone, owners: recordOwners },
      at,
    );
  }
  return { records: result.rows.length, links };
}
