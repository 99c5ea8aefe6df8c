import { createdAt } from "../db/columns.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * An `Idempotency-Key` of a v1 create, per company: what the request was (a fingerprint of its
 * route and body) and, once answered, the answer to replay. `status` is null while it runs.
 */
export const apiIdempotency = pgTable(
  "api_idempotency",
  {
    vendorCompanyId: uuid("vendor_company_id")
      .notNull()
      .references(() => vendorCompany.id),
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    status: integer("status"),
    response: jsonb("response"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("api_idempotency_company_key_idx").on(table.vendorCompanyId, table.key),
    index("api_idempotency_created_idx").on(table.createdAt),
  ],
);
