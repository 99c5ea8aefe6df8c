import { sql, type SQL } from "drizzle-orm";
import type { AuditEntry, AuditQuery } from "#domain/audit/contracts.ts";
import type { ListPage } from "#domain/http/list-page.ts";
import type { Database } from "../db/client.ts";
import { createdBetween } from "../shared/lists/created-between.ts";
import { listWithTotal } from "../shared/lists/keyset-page.ts";
import { matchesSearch } from "../shared/lists/matches-search.ts";

/** What an audit search matches besides the actor; audit_log_search_idx (drizzle/0013_lists.sql) is on this very expression. */
const auditSearchText = sql.raw(`lower("audit_log"."action" || ' ' || coalesce("audit_log"."subject", ''))`);

/** The filters of an audit query; a search matches the action, the subject or the actor's name or e-mail (user_search_idx, drizzle/0015). */
export async function auditFilters(db: Database, query: AuditQuery, timeZone: string): Promise<SQL[]> {
  const where: SQL[] = [];
  if (query.q) {
    const actors = (await db.execute(
      sql`select id from "user" where ${matchesSearch(sql`lower(name || ' ' || email)`, query.q)} limit 100`,
    )) as unknown as { rows: { id: string }[] };
    const byActor = actors.rows.length
      ? sql` or "audit_log"."actor_user_id" in (${sql.join(
          actors.rows.map((row) => sql`${row.id}`),
          sql`, `,
        )})`
      : sql``;
    where.push(sql`(${matchesSearch(auditSearchText, query.q)}${byActor})`);
  }
  where.push(...createdBetween(sql`"audit_log"."at"`, query, timeZone));
  return where;
}

type AuditRow = {
  id: string;
  at: string | Date;
  action: string;
  actor: string | null;
  subject: string | null;
  ip_address: string | null;
};

/** The audit log, newest first unless reversed, a page at a time, with the actor's e-mail. */
export async function listAuditEntries(
  db: Database,
  query: AuditQuery,
  timeZone: string,
): Promise<{ entries: AuditEntry[]; page: ListPage }> {
  const { rows, page } = await listWithTotal<AuditRow>(db, {
    alias: "audit_log",
    select: sql`"audit_log"."id", "audit_log"."at", "audit_log"."action", (select u.email from "user" u where u.id = "audit_log"."actor_user_id") as actor, "audit_log"."subject", "audit_log"."ip_address"`,
    from: sql`audit_log`,
    where: await auditFilters(db, query, timeZone),
    keyset: {
      column: sql`"audit_log"."at"`,
      id: sql`"audit_log"."id"`,
      type: "timestamptz",
      direction: query.dir ?? "desc",
    },
    cursor: query.cursor,
  });
  return {
    page,
    entries: rows.map((row) => ({
      id: row.id,
      at: new Date(row.at).toISOString(),
      action: row.action,
      actor: row.actor,
      subject: row.subject,
      ipAddress: row.ip_address,
    })),
  };
}
