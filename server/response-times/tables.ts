import { user } from "../auth/tables.ts";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * The promise clock of each lead and deal: when it arrived, when the first contact is due (the
 * credit team's hours, `domain/response-times/response-promise.ts`), and the first contact (who, when).
 * Written when the lead or deal is stored and when the credit team first acts on it; no customer data.
 */
export const responseClock = pgTable(
  "response_clock",
  {
    subjectKind: text("subject_kind", { enum: ["lead", "deal", "stip"] }).notNull(),
    /** The lead's type (`leadTypes`) or "deal". */
    subjectType: text("subject_type").notNull(),
    subjectId: uuid("subject_id").notNull(),
    /** `responseSources`: a text column, so a new source needs no migration. */
    source: text("source").notNull(),
    arrivedAt: timestamp("arrived_at", { withTimezone: true }).notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    firstContactAt: timestamp("first_contact_at", { withTimezone: true }),
    firstContactBy: text("first_contact_by").references(() => user.id, { onDelete: "set null" }),
  },
  (table) => [
    uniqueIndex("response_clock_subject_idx").on(table.subjectType, table.subjectId),
    // Not yet contacted, newest due first: "overdue now" and the board's waiting and overdue (the
    // board's other numbers come from the rollups, response_day). Migration 0015 recreates it with
    // INCLUDE (subject_type, subject_id, source, arrived_at) for index-only scans.
    index("response_clock_waiting_idx")
      .on(table.subjectKind, table.dueAt.desc())
      .where(sql`${table.firstContactAt} is null`),
  ],
);

/**
 * Daily rollups of `response_clock` for the response-times board: per kind, business day of
 * arrival and source, the arrivals, the contacted, those contacted by their due time, and the
 * minutes to first contact as counts per bucket (`domain/response-times/wait-histogram.ts`). Kept by the
 * trigger response_day_maintain on every write to response_clock (migration 0015), so no path
 * can forget it; rebuilt by rebuild_response_days() when the business time zone changes.
 */
export const responseDay = pgTable(
  "response_day",
  {
    subjectKind: text("subject_kind", { enum: ["lead", "deal", "stip"] }).notNull(),
    day: date("day").notNull(),
    source: text("source").notNull(),
    arrived: integer("arrived").notNull().default(0),
    contacted: integer("contacted").notNull().default(0),
    kept: integer("kept").notNull().default(0),
    waitCounts: integer("wait_counts").array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.subjectKind, table.day, table.source] })],
);

/** The business time zone `response_day`'s days are counted in: one row, set at start (`syncResponseDayZone`). */
export const responseDayZone = pgTable(
  "response_day_zone",
  {
    singleton: boolean("singleton").primaryKey().default(true),
    timeZone: text("time_zone").notNull(),
  },
  (table) => [check("response_day_zone_one_row", sql`${table.singleton}`)],
);

/**
 * Leads stored but not yet in the lead index (lead_status) nor on the promise clock: the visitor's
 * request writes the lead and this row in one statement, and index-arrived-leads.ts moves them into
 * the index and the clock in batches, after the commit (the lead-intake worker, and every staff
 * read of the leads first). A row lives seconds and holds no customer data: the lead's kind and id
 * and the clock's terms, chosen when it arrived.
 */
export const leadIntake = pgTable(
  "lead_intake",
  {
    leadType: text("lead_type").notNull(),
    leadId: uuid("lead_id").notNull(),
    source: text("source").notNull(),
    arrivedAt: timestamp("arrived_at", { withTimezone: true }).notNull(),
    dueMinutes: integer("due_minutes").notNull(),
    timeZone: text("time_zone").notNull(),
  },
  (table) => [primaryKey({ columns: [table.leadType, table.leadId] })],
);
