import { user } from "../auth/tables.ts";
import { createdAt } from "../db/columns.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** An https address a vendor company registered for some event types; its signing secret is encrypted (field cipher). */
export const webhookEndpoint = pgTable(
  "webhook_endpoint",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    vendorCompanyId: uuid("vendor_company_id")
      .notNull()
      .references(() => vendorCompany.id),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    secretEncrypted: text("secret_encrypted").notNull(),
    description: text("description").notNull().default(""),
    enabled: boolean("enabled").notNull().default(true),
    createdByUserId: text("created_by_user_id")
      .notNull()
      .references(() => user.id),
    createdAt: createdAt(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
  },
  (table) => [index("webhook_endpoint_company_idx").on(table.vendorCompanyId, table.createdAt)],
);

/** What happened, once: its id is the event id every delivery (and redelivery) carries. */
export const webhookEvent = pgTable(
  "webhook_event",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    vendorCompanyId: uuid("vendor_company_id")
      .notNull()
      .references(() => vendorCompany.id),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("webhook_event_company_idx").on(table.vendorCompanyId, table.createdAt)],
);

/** One event to one endpoint: pending until a 2xx (delivered) or the last retry (failed). */
export const webhookDelivery = pgTable(
  "webhook_delivery",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => webhookEvent.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoint.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    lastStatusCode: integer("last_status_code"),
    /** Short and without secrets: "connection refused", "redirect (302) not followed". */
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** Made by "Redeliver" (counted by its limits), not by the event itself. */
    redelivery: boolean("redelivery").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index("webhook_delivery_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index("webhook_delivery_endpoint_idx").on(table.endpointId, table.createdAt),
  ],
);
