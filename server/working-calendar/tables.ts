import { user } from "../auth/tables.ts";
import { boolean, date, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The admins' changes to the credit team's calendar (domain/site/working-calendar.ts): a day off
 * added (`closed`) or a default day off worked. Days without a row follow the default (Monday to
 * Friday less the federal holidays); the SQL rule `is_working_day()` reads this table too.
 */
export const workingCalendarDay = pgTable("working_calendar_day", {
  day: date("day").primaryKey(),
  closed: boolean("closed").notNull(),
  label: text("label").notNull(),
  changedByUserId: text("changed_by_user_id")
    .notNull()
    .references(() => user.id),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
});
