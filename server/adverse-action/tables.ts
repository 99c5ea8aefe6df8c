import { user } from "../auth/tables.ts";
import { updatedAt } from "../db/columns.ts";
import { creditApplication } from "../leads/tables.ts";
import { date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** What the adverse-action notice and the duplicate check are about: a deal or a public lead. */
export const adverseActionSubjectTypes = ["deal", "credit-application"] as const;

/**
 * The credit team's decision on a credit application (deals have their stage): the ECOA dates
 * as on `deal` (received, decided, notice sent).
 */
export const creditApplicationDecision = pgTable(
  "credit_application_decision",
  {
    applicationId: uuid("application_id")
      .primaryKey()
      .references(() => creditApplication.id, { onDelete: "cascade" }),
    decision: text("decision", { enum: ["pending", "approved", "declined"] }).notNull(),
    receivedOn: date("received_on").notNull(),
    decidedOn: date("decided_on").notNull(),
    noticeSentOn: date("notice_sent_on"),
    decidedByUserId: text("decided_by_user_id").references(() => user.id),
    updatedAt: updatedAt(),
  },
  (table) => [index("credit_application_decision_declined_idx").on(table.decision, table.noticeSentOn)],
);

/** The notice's content as staff chose it: principal reasons or the right-to-request statement. */
export const adverseActionNotice = pgTable(
  "adverse_action_notice",
  {
    subjectType: text("subject_type", { enum: adverseActionSubjectTypes }).notNull(),
    subjectId: uuid("subject_id").notNull(),
    statement: text("statement", { enum: ["reasons", "right-to-request"] })
      .notNull()
      .default("reasons"),
    /** Codes from domain/adverse-action/reasons.ts. */
    reasons: jsonb("reasons").$type<string[]>().notNull().default([]),
    otherReason: text("other_reason").notNull().default(""),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    sentByUserId: text("sent_by_user_id").references(() => user.id),
    sentTo: text("sent_to"),
    /** The applicant's address entered by staff, when the one on file is missing or a user's (never a user's). */
    recipientEmail: text("recipient_email"),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("adverse_action_notice_subject_idx").on(table.subjectType, table.subjectId)],
);
