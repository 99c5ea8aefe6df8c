import { desc, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { auditLog } from "../../db/schema.ts";

/** The newest 500 audit entries, with the actor's e-mail. */
export async function listAuditEntries(db: Database) {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actor: sql<string | null>`(select email from "user" u where u.id = ${auditLog.actorUserId})`,
      subject: auditLog.subject,
      ipAddress: auditLog.ipAddress,
    })
    .from(auditLog)
    .orderBy(desc(auditLog.at))
    .limit(500);
  return { entries: rows.map((row) => ({ ...row, at: row.at.toISOString() })) };
}
