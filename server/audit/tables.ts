import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorUserId: text("actor_user_id"),
    action: text("action").notNull(),
    subject: text("subject"),
    ipAddress: text("ip_address"),
    details: jsonb("details").$type<Record<string, unknown>>(),
  },
  (table) => [
    index("audit_log_at_idx").on(table.at),
    index("audit_log_action_subject_idx").on(table.action, table.subject),
    // Keyset pages of the audit list.
    index("audit_log_at_id_idx").on(table.at, table.id),
  ],
);
