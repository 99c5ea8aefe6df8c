import { createdAt } from "../db/columns.ts";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** A file attached to an outbox mail: small documents only (a notice PDF is a few KB). */
export type MailAttachment = { filename: string; contentType: string; contentBase64: string };

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: ["pending", "sent"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    /** Files sent with the mail (a quote's or an adverse-action notice's PDF), base64, a few KB each; null for none. */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    /** The fragments of its links (their secrets), encrypted with the field cipher; html and text hold them hidden. Cleared once sent. */
    linkSecrets: text("link_secrets"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    index("mail_outbox_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`status = 'pending'`),
    // Mails to one address in the last hour (count-recent-mails-to.ts).
    index("mail_outbox_to_created_idx").on(sql`lower(${table.to})`, table.createdAt),
  ],
);

/** One row per status mail sent: its opt-out link's token (hashed) and the address it stands for (hashed). */
export const statusMailOptOutToken = pgTable(
  "status_mail_opt_out_token",
  {
    tokenHash: text("token_hash").primaryKey(),
    emailHash: text("email_hash").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("status_mail_opt_out_token_created_idx").on(table.createdAt)],
);

/** Addresses (hashed) that asked for no more status mails. */
export const statusMailOptOut = pgTable("status_mail_opt_out", {
  emailHash: text("email_hash").primaryKey(),
  createdAt: createdAt(),
});
