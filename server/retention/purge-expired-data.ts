import { and, desc, eq, getTableName, gte, inArray, isNull, lt, notExists, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { retentionCutoffs } from "#domain/retention/retention-cutoffs.ts";
import type { Database, Transaction } from "../db/client.ts";
import { adverseActionNotice, creditApplicationDecision } from "../adverse-action/tables.ts";
import { apiIdempotency } from "../api-v1/tables.ts";
import { auditLog } from "../audit/tables.ts";
import { rateLimit, session, verification } from "../auth/tables.ts";
import { calculatorLead } from "../calculator/tables.ts";
import { deal, dealDocument } from "../deals/tables.ts";
import { duplicateLink, duplicateMatchKey } from "../duplicates/tables.ts";
import {
  creditApplication,
  creditApplicationDraft,
  footerMessage,
  leadHistory,
  leadStatus,
  vendorContact,
} from "../leads/tables.ts";
import { mailOutbox, statusMailOptOutToken } from "../mail/tables.ts";
import { pickedOption, questionnaireAnswer } from "../questionnaire/tables.ts";
import { vendorQuote, vendorQuoteMail } from "../quotes/tables.ts";
import { webhookDelivery, webhookEvent } from "../webhooks/tables.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { signingDocument, signingPackage } from "../signing/tables.ts";
import type { FileStorage } from "../shared/storage/file-storage.ts";
import { scheduleJob } from "../shared/schedule-job.ts";
import { tableRetention, type PurgedTable } from "./retention-rules.ts";

export type Retention = {
  /** Leads by their creation, deals by their last update (never under Reg B's 25 months for deals and applications). */
  retentionDays: number;
  /** Delivered outbox mails by their sending; capped at retentionDays. */
  deliveredMailDays: number;
};

/**
 * Rows per delete: each statement finds at most this many rows through an index and deletes them
 * (and their dependents) by key, so no statement holds a million ids or scans a table to find a
 * day's expired rows.
 */
export const PURGE_BATCH_SIZE = 2000;

/**
 * Key of the PostgreSQL advisory lock a purge takes for its transaction (pg_try_advisory_xact_lock;
 * documented in docs/deploy.md): a server that finds it taken skips its run.
 */
export const PURGE_LOCK_KEY = 1_701_080_002;

/** A fleet purges about once a day: a scheduled run skips when the last one (any server's) is more recent. */
export const PURGE_MIN_INTERVAL_MS = 23 * 60 * 60 * 1000;

export type PurgeCounts = Record<PurgedTable | "files", number>;
export type PurgeResult =
  | ({ skipped?: undefined } & PurgeCounts)
  /** locked: another server is purging; recent: the last purge (the audit log's newest retention.purge) is younger than minIntervalMs. */
  | { skipped: "locked" }
  | { skipped: "recent"; lastRunAt: string };

const purgedTables = Object.entries(tableRetention)
  .filter(([, rule]) => rule.kind === "purged" || rule.kind === "with-subject")
  .map(([table]) => table as PurgedTable);

/** A quote's last activity; vendor_quote_last_activity_idx is on this expression. */
const vendorQuoteLastActivity = sql`greatest(${vendorQuote.createdAt}, ${vendorQuote.sentAt}, ${vendorQuote.openedAt}, ${vendorQuote.appliedAt}, ${vendorQuote.withdrawnAt})`;

type LeadTable =
  | typeof pickedOption
  | typeof questionnaireAnswer
  | typeof creditApplication
  | typeof calculatorLead
  | typeof vendorContact
  | typeof footerMessage;

/**
 * Applies the rules of retention-rules.ts (docs/product-rules.md#r33-retention): leads by their creation, deals
 * and credit applications by their last activity but never before 25 months (12 CFR
 * 1002.12(b)(1)), each with what hangs on it (the lead index and history, adverse-action notices,
 * duplicate match keys and links, a deal's files), and the short-lived rows (delivered mail,
 * webhook events, drafts, tokens, idempotency keys, expired sessions) by their own clocks.
 * Logged in the audit log with counts only.
 *
 * One purge at a time across servers: the transaction first tries the purge lock and skips when
 * another server holds it. With `minIntervalMs` it also skips when the newest `retention.purge`
 * audit entry is younger than that; the entry is written in the same transaction, under the lock,
 * so two servers never both decide to run.
 */
export async function purgeExpiredData(
  db: Database,
  storage: FileStorage,
  retention: Retention,
  {
    now = new Date(),
    minIntervalMs = 0,
    batchSize = PURGE_BATCH_SIZE,
  }: { now?: Date; minIntervalMs?: number; batchSize?: number } = {},
): Promise<PurgeResult> {
  const cutoffs = retentionCutoffs(now, retention);
  const files: string[] = [];

  const result = await db.transaction(async (tx): Promise<PurgeResult> => {
    const [lock] = (
      (await tx.execute(sql`select pg_try_advisory_xact_lock(${PURGE_LOCK_KEY}) as locked`)) as unknown as {
        rows: { locked: boolean }[];
      }
    ).rows;
    if (!lock!.locked) return { skipped: "locked" };
    if (minIntervalMs > 0) {
      const [last] = await tx
        .select({ at: auditLog.at })
        .from(auditLog)
        .where(eq(auditLog.action, "retention.purge"))
        .orderBy(desc(auditLog.at))
        .limit(1);
      if (last && now.getTime() - last.at.getTime() < minIntervalMs)
        return { skipped: "recent", lastRunAt: last.at.toISOString() };
    }
    const removed = Object.fromEntries([...purgedTables, "files"].map((name) => [name, 0])) as PurgeCounts;
    const purge = new Purge(tx, batchSize, removed);

    await purge.leads("picked-option", pickedOption, lt(pickedOption.createdAt, cutoffs.activity));
    await purge.leads(
      "questionnaire",
      questionnaireAnswer,
      lt(questionnaireAnswer.createdAt, cutoffs.activity),
      async (ids) => {
        // Their picked options would go by the cascade, leaving their lead index rows behind.
        await purge.leads("picked-option", pickedOption, inArray(pickedOption.answerId, ids));
      },
    );
    // A decision or a notice is activity on the application: the Reg B floor counts from the latest.
    await purge.leads(
      "credit-application",
      creditApplication,
      and(
        lt(creditApplication.createdAt, cutoffs.application),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(creditApplicationDecision)
            .where(
              and(
                eq(creditApplicationDecision.applicationId, creditApplication.id),
                or(
                  gte(creditApplicationDecision.updatedAt, cutoffs.application),
                  gte(creditApplicationDecision.decidedOn, cutoffs.applicationDay),
                  gte(creditApplicationDecision.noticeSentOn, cutoffs.applicationDay),
                ),
              ),
            ),
        ),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(adverseActionNotice)
            .where(
              and(
                eq(adverseActionNotice.subjectType, "credit-application"),
                eq(adverseActionNotice.subjectId, creditApplication.id),
                or(
                  gte(adverseActionNotice.updatedAt, cutoffs.application),
                  gte(adverseActionNotice.sentAt, cutoffs.application),
                ),
              ),
            ),
        ),
      )!,
      async (ids) => {
        await purge.notices("credit-application", ids);
        await purge.matchKeys("credit-application", ids);
      },
    );
    await purge.leads("calculator", calculatorLead, lt(calculatorLead.createdAt, cutoffs.activity), (ids) =>
      purge.matchKeys("calculator", ids),
    );
    await purge.leads("vendor-contact", vendorContact, lt(vendorContact.createdAt, cutoffs.activity));
    await purge.leads("footer-message", footerMessage, lt(footerMessage.createdAt, cutoffs.activity));

    // Locked, so a deal updated meanwhile is either purged with its files or kept with them. Client
    // records, documents' rows, messages and history cascade.
    const dealExpired = and(
      lt(deal.lastUpdate, cutoffs.application),
      or(isNull(deal.declinedNoticeSentOn), lt(deal.declinedNoticeSentOn, cutoffs.applicationDay)),
      or(isNull(deal.declinedCompletedOn), lt(deal.declinedCompletedOn, cutoffs.applicationDay)),
    )!;
    await purge.byId("deal", deal, deal.id, deal.lastUpdate, dealExpired, async (ids) => {
      const documents = await tx
        .select({ key: dealDocument.storageKey })
        .from(dealDocument)
        .where(inArray(dealDocument.dealId, ids));
      files.push(...documents.map((document) => document.key));
      // The agreement packages' generated PDFs (their sealed files are deal documents, above).
      const generated = await tx
        .select({ key: signingDocument.storageKey })
        .from(signingDocument)
        .innerJoin(signingPackage, eq(signingPackage.id, signingDocument.packageId))
        .where(inArray(signingPackage.dealId, ids));
      files.push(...generated.map((document) => document.key));
      await purge.notices("deal", ids);
      await purge.matchKeys("deal", ids);
    });
    removed.files = files.length;

    await purge.rows(
      "vendor_quote",
      vendorQuote,
      vendorQuoteLastActivity,
      sql`${vendorQuoteLastActivity} < ${cutoffs.activity.toISOString()}`,
    );
    await purge.rows(
      "mail_outbox",
      mailOutbox,
      mailOutbox.sentAt,
      and(eq(mailOutbox.status, "sent"), lt(mailOutbox.sentAt, cutoffs.deliveredMail))!,
    );
    // Webhook events copy business names and messages: kept as long as delivered mail, never while a delivery is
    // pending.
    await purge.rows(
      "webhook_event",
      webhookEvent,
      webhookEvent.createdAt,
      and(
        lt(webhookEvent.createdAt, cutoffs.deliveredMail),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(webhookDelivery)
            .where(and(eq(webhookDelivery.eventId, webhookEvent.id), eq(webhookDelivery.status, "pending"))),
        ),
      )!,
    );
    await purge.rows(
      "credit_application_draft",
      creditApplicationDraft,
      creditApplicationDraft.expiresAt,
      lt(creditApplicationDraft.expiresAt, now),
    );
    await purge.rows(
      "status_mail_opt_out_token",
      statusMailOptOutToken,
      statusMailOptOutToken.createdAt,
      lt(statusMailOptOutToken.createdAt, cutoffs.activity),
    );
    // /api/v1 idempotency keys past their 24 hours (a company that stops calling never clears its own).
    await purge.rows(
      "api_idempotency",
      apiIdempotency,
      apiIdempotency.createdAt,
      lt(apiIdempotency.createdAt, cutoffs.idempotency),
    );
    // Match keys are compared for 90 days only; kept longer they are just guessable hashes.
    await purge.rows(
      "duplicate_match_key",
      duplicateMatchKey,
      duplicateMatchKey.createdAt,
      lt(duplicateMatchKey.createdAt, cutoffs.matchKeys),
    );
    await purge.rows("session", session, session.expiresAt, lt(session.expiresAt, now));
    await purge.rows("verification", verification, verification.expiresAt, lt(verification.expiresAt, now));
    await purge.rows(
      "vendor_quote_mail",
      vendorQuoteMail,
      vendorQuoteMail.sentAt,
      lt(vendorQuoteMail.sentAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)),
    );
    await purge.rows(
      "rate_limit",
      rateLimit,
      rateLimit.lastRequest,
      lt(rateLimit.lastRequest, now.getTime() - 24 * 60 * 60 * 1000),
    );

    await recordAudit(tx, {
      action: "retention.purge",
      details: {
        cutoff: cutoffs.activity.toISOString(),
        applicationCutoff: cutoffs.application.toISOString(),
        ...removed,
      },
    });
    return removed;
  });
  if (result.skipped) return result;
  // Files after the rows: a crash in between leaves unreferenced files, never rows without files.
  for (let start = 0; start < files.length; start += 50) {
    await Promise.all(files.slice(start, start + 50).map((key) => storage.delete(key).catch(() => undefined)));
  }
  return result;
}

/** Batched deletes inside the purge's transaction, counted into `removed`. */
class Purge {
  constructor(
    private readonly tx: Transaction,
    private readonly batchSize: number,
    private readonly removed: PurgeCounts,
  ) {}

  /**
   * Rows matching `where`, oldest `clock` first, a batch at a time, by their ctid (for tables
   * nothing else hangs on). The order makes the planner walk the clock's index from its old end
   * instead of scanning the table for the few expired rows of a day.
   */
  async rows(name: PurgedTable, table: PgTable, clock: PgColumn | SQL, where: SQL) {
    for (;;) {
      const deleted = (
        (await this.tx.execute(
          sql`delete from ${table} where ctid = any(array(select ctid from ${table} where ${where} order by ${clock} limit ${this.batchSize})) returning 1`,
        )) as unknown as {
          rows: unknown[];
        }
      ).rows.length;
      this.removed[name] += deleted;
      if (deleted < this.batchSize) return;
    }
  }

  /** Rows matching `where`, oldest `clock` first, a batch of ids at a time (locked), after `before` has removed what hangs on them. */
  async byId(
    name: PurgedTable,
    table: PgTable,
    id: PgColumn,
    clock: PgColumn,
    where: SQL,
    before?: (ids: string[]) => Promise<void>,
  ) {
    for (;;) {
      const ids = (
        (await this.tx.execute(
          sql`select ${id} as id from ${table} where ${where} order by ${clock} limit ${this.batchSize} for update`,
        )) as unknown as { rows: { id: string }[] }
      ).rows.map((row) => row.id);
      if (ids.length === 0) return;
      await before?.(ids);
      await this.tx.delete(table).where(inArray(id, ids));
      this.removed[name] += ids.length;
      if (ids.length < this.batchSize) return;
    }
  }

  /** Leads of one type, with their index row and history. */
  leads(leadType: string, table: LeadTable, where: SQL, before?: (ids: string[]) => Promise<void>) {
    return this.byId(getTableName(table) as PurgedTable, table, table.id, table.createdAt, where, async (ids) => {
      await before?.(ids);
      this.removed.lead_status += (
        await this.tx
          .delete(leadStatus)
          .where(and(eq(leadStatus.leadType, leadType), inArray(leadStatus.leadId, ids)))
          .returning({ id: leadStatus.leadId })
      ).length;
      this.removed.lead_history += (
        await this.tx
          .delete(leadHistory)
          .where(and(eq(leadHistory.leadType, leadType), inArray(leadHistory.leadId, ids)))
          .returning({ id: leadHistory.id })
      ).length;
    });
  }

  async notices(subjectType: "deal" | "credit-application", ids: string[]) {
    const deleted = await this.tx
      .delete(adverseActionNotice)
      .where(and(eq(adverseActionNotice.subjectType, subjectType), inArray(adverseActionNotice.subjectId, ids)))
      .returning({ id: adverseActionNotice.subjectId });
    this.removed.adverse_action_notice += deleted.length;
  }

  /** A record's match keys and every duplicate link naming it (either side). */
  async matchKeys(recordType: "deal" | "credit-application" | "calculator", ids: string[]) {
    const keys = await this.tx
      .delete(duplicateMatchKey)
      .where(and(eq(duplicateMatchKey.recordType, recordType), inArray(duplicateMatchKey.recordId, ids)))
      .returning({ id: duplicateMatchKey.id });
    this.removed.duplicate_match_key += keys.length;
    for (const [type, id] of [
      [duplicateLink.newerType, duplicateLink.newerId],
      [duplicateLink.earlierType, duplicateLink.earlierId],
    ] as const) {
      this.removed.duplicate_link += (
        await this.tx
          .delete(duplicateLink)
          .where(and(eq(type, recordType), inArray(id, ids)))
          .returning({ id: duplicateLink.id })
      ).length;
    }
  }
}

/**
 * Tries the purge a minute after start and then hourly; `run` passes PURGE_MIN_INTERVAL_MS, so
 * all but about one try a day, fleet-wide, skip (the first server whose try falls 23 hours after
 * the last purge runs it, whichever servers are up).
 */
export function schedulePurge(
  run: () => Promise<unknown>,
  log: { warn(obj: object, msg: string): void },
  { firstMs = 60_000, everyMs = 60 * 60 * 1000 }: { firstMs?: number; everyMs?: number } = {},
): () => void {
  return scheduleJob("retention purge", run, log, { firstMs, everyMs });
}
