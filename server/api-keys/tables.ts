import { user } from "../auth/tables.ts";
import { createdAt } from "../db/columns.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * A vendor company's API key. Only the SHA-256 of the secret is kept (the key is random with
 * 190+ bits, so a fast hash is enough: there is nothing to guess); `prefix` is its first
 * characters, shown in lists so people can tell keys apart.
 */
export const apiKey = pgTable(
  "api_key",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    vendorCompanyId: uuid("vendor_company_id")
      .notNull()
      .references(() => vendorCompany.id),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull(),
    createdByUserId: text("created_by_user_id")
      .notNull()
      .references(() => user.id),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedByUserId: text("revoked_by_user_id").references(() => user.id),
  },
  (table) => [
    uniqueIndex("api_key_secret_hash_idx").on(table.secretHash),
    index("api_key_company_idx").on(table.vendorCompanyId, table.createdAt),
  ],
);
