import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { agreementDocumentKinds, type DocumentPage, type SigningField } from "#domain/signing/package-shapes.ts";
import { createdAt, updatedAt } from "../db/columns.ts";
import { user } from "../auth/tables.ts";
import { deal, dealDocument } from "../deals/tables.ts";

/**
 * The agreement templates admins keep (docs/product-rules.md#r57-documents-and-e-signature): every save
 * is a new version; a kind with no saved version uses the built-in text (version 0,
 * domain/signing/default-templates.ts). A package copies the text it was made from, so a new
 * version never alters a package already made.
 */
export const agreementTemplateVersion = pgTable(
  "agreement_template_version",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: agreementDocumentKinds }).notNull(),
    version: integer("version").notNull(),
    title: text("title").notNull(),
    /** Paragraphs with merge fields ({{approval.amount}}); "## " starts a heading. */
    body: text("body").notNull(),
    createdByUserId: text("created_by_user_id")
      .notNull()
      .references(() => user.id),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("agreement_template_version_key").on(table.kind, table.version)],
);

/**
 * A deal's agreement package: draft (generated, previewed, signers set) -> sent (Docs Out) ->
 * completed (every document signed and sealed: Docs In), or declined by a signer, voided by staff
 * with a reason, or expired. One draft or sent package per deal at a time.
 */
export const signingPackage = pgTable(
  "signing_package",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dealId: uuid("deal_id")
      .notNull()
      .references(() => deal.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["draft", "sent", "completed", "declined", "voided", "expired"] })
      .notNull()
      .default("draft"),
    /** Signers sign one after the other, in their position; otherwise all at once. */
    inOrder: boolean("in_order").notNull().default(false),
    createdByUserId: text("created_by_user_id")
      .notNull()
      .references(() => user.id),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    sentByUserId: text("sent_by_user_id").references(() => user.id),
    /** The request ends then: no signing after it (the sweep marks it expired). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** Voided by staff, or declined by a signer: when and why (the dealer and staff read it). */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endedReason: text("ended_reason").notNull().default(""),
    endedByUserId: text("ended_by_user_id").references(() => user.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("signing_package_deal_idx").on(table.dealId, table.createdAt),
    uniqueIndex("signing_package_open_key")
      .on(table.dealId)
      .where(sql`${table.status} in ('draft', 'sent')`),
    // The reminder and expiry sweep reads only packages out for signature.
    index("signing_package_sent_idx")
      .on(table.sentAt)
      .where(sql`${table.status} = 'sent'`),
  ],
);

/** Who signs: an owner signing for the business, a guarantor, or both; with the ceremony's record. */
export const signingSigner = pgTable(
  "signing_signer",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    packageId: uuid("package_id")
      .notNull()
      .references(() => signingPackage.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** Title under the business's signature ("Owner", "President"). */
    title: text("title").notNull().default(""),
    signsForBusiness: boolean("signs_for_business").notNull().default(false),
    guarantor: boolean("guarantor").notNull().default(false),
    /** When the request mail went (in order: when their turn came). */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    remindersSent: integer("reminders_sent").notNull().default(0),
    lastRemindedAt: timestamp("last_reminded_at", { withTimezone: true }),
    codeVerifiedAt: timestamp("code_verified_at", { withTimezone: true }),
    consentedAt: timestamp("consented_at", { withTimezone: true }),
    firstViewedAt: timestamp("first_viewed_at", { withTimezone: true }),
    /** Every document of theirs signed. */
    signedAt: timestamp("signed_at", { withTimezone: true }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    declineReason: text("decline_reason").notNull().default(""),
    /** The address and browser of the signing (the certificate of completion prints them). */
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** Signed at the dealer's, on the dealer's device, the dealer user who handed it over. */
    inPersonHostUserId: text("in_person_host_user_id").references(() => user.id),
    /** The adopted signature (AdoptedSignature, domain/signing/package-shapes.ts), set at the first signing. */
    adoptedName: text("adopted_name"),
    adoptedInitials: text("adopted_initials"),
    adoptedKind: text("adopted_kind", { enum: ["typed", "drawn"] }),
    drawnPng: text("drawn_png"),
    drawnInitialsPng: text("drawn_initials_png"),
    createdAt: createdAt(),
  },
  (table) => [index("signing_signer_package_idx").on(table.packageId, table.position)],
);

/**
 * A document of a package as generated (its PDF stored, never changed; its pages and fields laid
 * out), signed by one signer: the agreement, acceptance and ACH authorization by the business's
 * signer, each personal guaranty by its guarantor.
 */
export const signingDocument = pgTable(
  "signing_document",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    packageId: uuid("package_id")
      .notNull()
      .references(() => signingPackage.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind", { enum: agreementDocumentKinds }).notNull(),
    /** The template's version it was made from (0: the built-in text). */
    templateVersion: integer("template_version").notNull(),
    title: text("title").notNull(),
    signerId: uuid("signer_id")
      .notNull()
      .references(() => signingSigner.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull().unique(),
    sha256: text("sha256").notNull(),
    pageCount: integer("page_count").notNull(),
    pages: jsonb("pages").$type<DocumentPage[]>().notNull(),
    fields: jsonb("fields").$type<SigningField[]>().notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("signing_document_package_idx").on(table.packageId, table.position)],
);

/**
 * A sealed file of a completed package: one per document and the certificate of completion. Never
 * updated or replaced; the verifier finds a file by its SHA-256, or by the id its PDF carries.
 */
export const signingSealedFile = pgTable(
  "signing_sealed_file",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    packageId: uuid("package_id")
      .notNull()
      .references(() => signingPackage.id, { onDelete: "cascade" }),
    /** Null for the certificate of completion. */
    documentId: uuid("document_id").references(() => signingDocument.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    sha256: text("sha256").notNull(),
    size: integer("size").notNull(),
    /** The deal's document row it was attached as. */
    dealDocumentId: uuid("deal_document_id").references(() => dealDocument.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("signing_sealed_file_sha256_idx").on(table.sha256),
    index("signing_sealed_file_package_idx").on(table.packageId),
  ],
);

/**
 * A way in for one signer (docs/product-rules.md#r57-documents-and-e-signature): a mailed link (token in
 * the fragment, stored hashed) or an in-person start at the dealer's, then a one-time code mailed to
 * the signer (hashed with the token, few tries), then a session cookie (hashed). Each request mail and
 * reminder is a new link; voiding the package ends them all.
 */
export const signingLink = pgTable(
  "signing_link",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    signerId: uuid("signer_id")
      .notNull()
      .references(() => signingSigner.id, { onDelete: "cascade" }),
    linkTokenHash: text("link_token_hash").notNull().unique(),
    linkExpiresAt: timestamp("link_expires_at", { withTimezone: true }).notNull(),
    /** Started by a dealer user on their own device for the signer in front of them. */
    inPersonHostUserId: text("in_person_host_user_id").references(() => user.id),
    codeHash: text("code_hash"),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    codeAttempts: integer("code_attempts").notNull().default(0),
    codesSent: integer("codes_sent").notNull().default(0),
    sessionTokenHash: text("session_token_hash").unique(),
    sessionExpiresAt: timestamp("session_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("signing_link_signer_idx").on(table.signerId, table.createdAt)],
);

/**
 * Every step of a package, for its history and the certificate of completion: who (a staff or
 * vendor user, or a signer), what, when, from which address and browser.
 */
export const signingEvent = pgTable(
  "signing_event",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    packageId: uuid("package_id")
      .notNull()
      .references(() => signingPackage.id, { onDelete: "cascade" }),
    signerId: uuid("signer_id").references(() => signingSigner.id, { onDelete: "cascade" }),
    documentId: uuid("document_id").references(() => signingDocument.id, { onDelete: "cascade" }),
    actorUserId: text("actor_user_id").references(() => user.id),
    kind: text("kind", {
      enum: [
        "generated",
        "sent",
        "notified",
        "code-sent",
        "code-verified",
        "consented",
        "viewed",
        "signed",
        "declined",
        "reminded",
        "voided",
        "expired",
        "completed",
      ],
    }).notNull(),
    detail: text("detail").notNull().default(""),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("signing_event_package_idx").on(table.packageId, table.at)],
);
