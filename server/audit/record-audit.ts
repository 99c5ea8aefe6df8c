import type { AuditAction } from "#domain/audit/audit-actions.ts";
import type { DbExecutor } from "../db/client.ts";
import { auditLog } from "./tables.ts";

export type AuditEntry = {
  action: AuditAction;
  actorUserId?: string | null;
  subject?: string | null;
  ipAddress?: string | null;
  details?: Record<string, unknown>;
};

export async function recordAudit(db: DbExecutor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorUserId: entry.actorUserId ?? null,
    subject: entry.subject ?? null,
    ipAddress: entry.ipAddress ?? null,
    details: entry.details ?? null,
  });
}
