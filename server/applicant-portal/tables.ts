import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";
import { deal } from "../deals/tables.ts";

/**
 * An applicant's way to their own page (docs/product-rules.md#r56-the-applicants-page): a link mailed
 * to the deal's applicant (token in the fragment, stored hashed), then a one-time code mailed to the
 * same address (hashed, few tries), then a session cookie (hashed). Never a password, never the SSN.
 */
export const applicantAccess = pgTable(
  "applicant_access",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dealId: uuid("deal_id")
      .notNull()
      .references(() => deal.id, { onDelete: "cascade" }),
    linkTokenHash: text("link_token_hash").notNull().unique(),
    linkExpiresAt: timestamp("link_expires_at", { withTimezone: true }).notNull(),
    codeHash: text("code_hash"),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    codeAttempts: integer("code_attempts").notNull().default(0),
    codesSent: integer("codes_sent").notNull().default(0),
    sessionTokenHash: text("session_token_hash").unique(),
    sessionExpiresAt: timestamp("session_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("applicant_access_deal_idx").on(table.dealId, table.createdAt)],
);
