import { sql } from "drizzle-orm";
import { leadTypes } from "#domain/leads/lead-inbox.ts";
import { leadRows } from "./lead-index.ts";

/**
 * One row per lead whatever its table: type, id, created_at, title, contact (each kind's module
 * in kinds/ says how it reads). The CSV export and the overview's counts read it; the lead list reads the
 * lead index (lead_status) instead.
 */
export const allLeads = sql.join(
  leadTypes.map((type) => {
    const kind = leadRows[type];
    return sql`select ${sql.raw(`'${type}'`)} as type, l.id, l.created_at, ${sql.raw(kind.title)} as title, ${sql.raw(kind.contact)} as contact from ${sql.raw(kind.table)} l ${sql.raw(kind.join ?? "")}`;
  }),
  sql` union all `,
);
