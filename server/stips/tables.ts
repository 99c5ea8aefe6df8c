import { sql } from "drizzle-orm";
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "../db/columns.ts";
import { user } from "../auth/tables.ts";
import { deal, dealDocument } from "../deals/tables.ts";

/**
 * The catalog of stipulations admins keep (docs/product-rules.md#r55-stipulations), with who may
 * satisfy each and the default rule that picks it for a deal: by program (empty: every program) and
 * from an amount on (null: any amount). Defaults are seeded by migration 0022.
 */
export const stipKind = pgTable(
  "stip_kind",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** What the customer or dealer reads: what exactly to send. */
    description: text("description").notNull().default(""),
    satisfiedBy: text("satisfied_by", { enum: ["dealer", "applicant", "staff"] }).notNull(),
    /** Picked by default when an approval is presented, if the program and amount match. */
    pickedByDefault: boolean("picked_by_default").notNull().default(false),
    /** Programs it is picked for (domain/funders/funder-terms.ts); empty: every program. */
    programs: text("programs")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Picked only from this approved amount on; null: any amount. */
    minAmountCents: bigint("min_amount_cents", { mode: "number" }),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("stip_kind_name_key").on(sql`lower(${table.name})`)],
);

/**
 * A stipulation standing before documents on a deal (docs/product-rules.md#r55-stipulations):
 * requested -> received -> accepted, or rejected with a reason (and received again), or waived.
 * Its steps are in `deal_stip_event`; its files are `deal_document` rows with its id.
 */
export const dealStip = pgTable(
  "deal_stip",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dealId: uuid("deal_id")
      .notNull()
      .references(() => deal.id, { onDelete: "cascade" }),
    /** The catalog entry it came from; null for a condition staff wrote in their own words. */
    stipKindId: uuid("stip_kind_id").references(() => stipKind.id),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    satisfiedBy: text("satisfied_by", { enum: ["dealer", "applicant", "staff"] }).notNull(),
    status: text("status", { enum: ["requested", "received", "accepted", "rejected", "waived"] })
      .notNull()
      .default("requested"),
    /** Why staff rejected or waived it: the dealer and the applicant read a rejection's reason. */
    reason: text("reason").notNull().default(""),
    /** Set when it was last received; the review queue reads the oldest first. */
    receivedAt: timestamp("received_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("deal_stip_deal_idx").on(table.dealId, table.createdAt),
    // "Stips to review": received and not reviewed, oldest first.
    index("deal_stip_to_review_idx")
      .on(table.receivedAt, table.id)
      .where(sql`${table.status} = 'received'`),
  ],
);

/** Every step of a stip: who (a staff or vendor user, or the applicant), when, the status it reached and the note or reason. */
export const dealStipEvent = pgTable(
  "deal_stip_event",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stipId: uuid("stip_id")
      .notNull()
      .references(() => dealStip.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["requested", "received", "accepted", "rejected", "waived"] }).notNull(),
    actorKind: text("actor_kind", { enum: ["staff", "dealer", "applicant"] }).notNull(),
    /** Null for the applicant, who has no account. */
    actorUserId: text("actor_user_id").references(() => user.id),
    note: text("note").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("deal_stip_event_stip_idx").on(table.stipId, table.at)],
);

/** A file sent for a stip: one of the deal's documents (same storage, same content checks, same retention). */
export const dealStipDocument = pgTable(
  "deal_stip_document",
  {
    documentId: uuid("document_id")
      .primaryKey()
      .references(() => dealDocument.id, { onDelete: "cascade" }),
    stipId: uuid("stip_id")
      .notNull()
      .references(() => dealStip.id, { onDelete: "cascade" }),
  },
  (table) => [index("deal_stip_document_stip_idx").on(table.stipId)],
);
