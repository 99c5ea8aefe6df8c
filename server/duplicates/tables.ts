import { user } from "../auth/tables.ts";
import { createdAt } from "../db/columns.ts";
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const duplicateRecordTypes = ["deal", "credit-application", "calculator"] as const;

/**
 * What a record is matched on, as keyed hashes only (FieldCipher.lookupHash of "kind:normalised
 * value"): a tax id, e-mail, phone or an owner's SSN is never stored here in clear.
 */
export const duplicateMatchKey = pgTable(
  "duplicate_match_key",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recordType: text("record_type", { enum: duplicateRecordTypes }).notNull(),
    recordId: uuid("record_id").notNull(),
    /** One of `matchKinds` (domain/duplicates/match-keys.ts). */
    kind: text("kind", { enum: ["tax-id", "email", "phone", "owner-ssn", "owner-phone", "owner-email"] }).notNull(),
    keyHash: text("key_hash").notNull(),
    createdAt: createdAt(),
  },
  // The retention job finds keys past the 90-day window by created_at.
  (table) => [
    index("duplicate_match_key_lookup_idx").on(table.keyHash, table.createdAt),
    index("duplicate_match_key_record_idx").on(table.recordType, table.recordId),
    index("duplicate_match_key_created_idx").on(table.createdAt),
  ],
);

/** A newer record that matched an earlier one within 90 days; staff merge (one file) or dismiss. */
export const duplicateLink = pgTable(
  "duplicate_link",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    newerType: text("newer_type", { enum: duplicateRecordTypes }).notNull(),
    newerId: uuid("newer_id").notNull(),
    earlierType: text("earlier_type", { enum: duplicateRecordTypes }).notNull(),
    earlierId: uuid("earlier_id").notNull(),
    /** What matched: any of `matchKinds` (domain/duplicates/match-keys.ts). */
    reasons: jsonb("reasons").$type<string[]>().notNull(),
    status: text("status", { enum: ["open", "merged", "dismissed"] })
      .notNull()
      .default("open"),
    decidedByUserId: text("decided_by_user_id").references(() => user.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("duplicate_link_pair_idx").on(table.newerType, table.newerId, table.earlierType, table.earlierId),
    index("duplicate_link_earlier_idx").on(table.earlierType, table.earlierId),
    index("duplicate_link_status_idx").on(table.status, table.createdAt),
  ],
);
