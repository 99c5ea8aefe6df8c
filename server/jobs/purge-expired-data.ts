import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { idempotencyWindowHours } from "#domain/api-keys/request-fingerprint.ts";
import {
  apiIdempotency,
  auditLog,
  calculatorLead,
  creditApplication,
  creditApplicationDraft,
  deal,
  dealDocument,
  footerMessage,
  mailOutbox,
  pickedOption,
  questionnaireAnswer,
  statusMailOptOutToken,
  vendorContact,
  vendorQuote,
} from "../db/schema.ts";
import { recordAudit } from "../modules/audit/record-audit.ts";
import type { FileStorage } from "../modules/storage/file-storage.ts";

export type Retention = {
  /** Leads by their creation, deals by their last update. */
  retentionDays: number;
  /** Delivered outbox mails by their sending; capped at retentionDays. */
  deliveredMailDays: number;
};

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

/**
 * Key of the PostgreSQL advisory lock a purge takes for its transaction (pg_try_advisory_xact_lock;
 * documented in docs/deploy.md): a server that finds it taken skips its run.
 */
export const PURGE_LOCK_KEY = 1_701_080_002;

/** A fleet purges about once a day: a scheduled run skips when the last one (any server's) is more recent. */
export const PURGE_MIN_INTERVAL_MS = 23 * 60 * 60 * 1000;

export type PurgeCounts = Record<
  | "picked_option"
  | "questionnaire_answer"
  | "credit_application"
  | "calculator_lead"
  | "vendor_contact"
  | "footer_message"
  | "deal"
  | "mail_outbox"
  | "webhook_event"
  | "api_idempotency"
  | "files"
  | "credit_application_draft"
  | "status_mail_opt_out_token"
  | "vendor_quote",
  number
>;
export type PurgeResult =
  | ({ skipped?: undefined } & PurgeCounts)
  /** locked: another server is purging; recent: the last purge (the audit log's newest retention.purge) is younger than minIntervalMs. */
  | { skipped: "locked" }
  | { skipped: "recent"; lastRunAt: string };

/**
 * Deletes customer data older than the retention period after its last activity (decisions.md
 * 8): leads by their creation, deals (with client records, messages and files) by their last
 * update, and delivered mails, which copy names, phones and messages, sooner. Undelivered mail is
 * kept until it goes out. Saved credit-application drafts go as soon as their link expires (issue
 * 20), and status mails' opt-out tokens after the retention period (the opt-outs themselves stay).
 * Dealers' quotes to customers (issue 18: a customer's name, e-mail and price) go after the
 * retention period from their last activity (sent, resent, opened, applied or withdrawn).
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
  { now = new Date(), minIntervalMs = 0 }: { now?: Date; minIntervalMs?: number } = {},
): Promise<PurgeResult> {
  const cutoff = daysBefore(now, retention.retentionDays);
  const mailCutoff = daysBefore(now, Math.min(retention.deliveredMailDays, retention.retentionDays));
  let files: { key: string }[] = [];

  const result = await db.transaction(async (tx): Promise<PurgeResult> => {
    const [lock] = ((await tx.execute(sql`select pg_try_advisory_xact_lock(${PURGE_LOCK_KEY}) as locked`)) as unknown as { rows: { locked: boolean }[] }).rows;
    if (!lock!.locked) return { skipped: "locked" };
    if (minIntervalMs > 0) {
      const [last] = await tx.select({ at: auditLog.at }).from(auditLog).where(eq(auditLog.action, "retention.purge")).orderBy(desc(auditLog.at)).limit(1);
      if (last && now.getTime() - last.at.getTime() < minIntervalMs) return { skipped: "recent", lastRunAt: last.at.toISOString() };
    }
    // Locked, so a deal updated meanwhile is either purged with its files or kept with them.
    const expiredDeals = await tx.select({ id: deal.id }).from(deal).where(lt(deal.lastUpdate, cutoff)).for("update");
    const dealIds = expiredDeals.map((row) => row.id);
    files = dealIds.length ? await tx.select({ key: dealDocument.storageKey }).from(dealDocument).where(inArray(dealDocument.dealId, dealIds)) : [];
    const removed = { files: files.length } as PurgeCounts;
    const purge = async (
      name: keyof PurgeCounts,
      table: typeof footerMessage | typeof vendorContact | typeof creditApplication | typeof calculatorLead | typeof questionnaireAnswer | typeof pickedOption,
    ) => {
      const rows = await tx.delete(table).where(lt(table.createdAt, cutoff)).returning({ id: table.id });
      removed[name] = rows.length;
    };
    await purge("picked_option", pickedOption);
    await purge("questionnaire_answer", questionnaireAnswer);
    await purge("credit_application", creditApplication);
    await purge("calculator_lead", calculatorLead);
    await purge("vendor_contact", vendorContact);
    await purge("footer_message", footerMessage);
    removed.vendor_quote = (
      await tx
        .delete(vendorQuote)
        .where(sql`greatest(${vendorQuote.createdAt}, ${vendorQuote.sentAt}, ${vendorQuote.openedAt}, ${vendorQuote.appliedAt}, ${vendorQuote.withdrawnAt}) < ${cutoff.toISOString()}`)
        .returning({ id: vendorQuote.id })
    ).length;
    removed.deal = dealIds.length ? (await tx.delete(deal).where(inArray(deal.id, dealIds)).returning({ id: deal.id })).length : 0;
    removed.mail_outbox = (
      await tx
        .delete(mailOutbox)
        .where(and(eq(mailOutbox.status, "sent"), lt(mailOutbox.sentAt, mailCutoff)))
        .returning({ id: mailOutbox.id })
    ).length;
    removed.credit_application_draft = (await tx.delete(creditApplicationDraft).where(lt(creditApplicationDraft.expiresAt, now)).returning({ id: creditApplicationDraft.id })).length;
    removed.status_mail_opt_out_token = (await tx.delete(statusMailOptOutToken).where(lt(statusMailOptOutToken.createdAt, cutoff)).returning({ id: statusMailOptOutToken.tokenHash })).length;
    // Webhook events copy business names and messages: kept as long as delivered mail, never while a delivery is pending.
    removed.webhook_event = (
      (await tx.execute(sql`delete from webhook_event e where e.created_at < ${mailCutoff.toISOString()}
        and not exists (select 1 from webhook_delivery d where d.event_id = e.id and d.status = 'pending') returning e.id`)) as unknown as { rows: unknown[] }
    ).rows.length;
    // /api/v1 idempotency keys past their 24 hours (a company that stops calling never clears its own).
    removed.api_idempotency = (
      await tx
        .delete(apiIdempotency)
        .where(lt(apiIdempotency.createdAt, new Date(now.getTime() - idempotencyWindowHours * 60 * 60 * 1000)))
        .returning({ key: apiIdempotency.key })
    ).length;
    await tx.execute(sql`delete from lead_status s where not exists (
      select 1 from (select id from questionnaire_answer union all select id from picked_option union all select id from credit_application
        union all select id from calculator_lead union all select id from vendor_contact union all select id from footer_message) l where l.id = s.lead_id)`);
    // The staff's notes and their history go with the lead.
    await tx.execute(sql`delete from lead_history h where not exists (
      select 1 from (select id from questionnaire_answer union all select id from picked_option union all select id from credit_application
        union all select id from calculator_lead union all select id from vendor_contact union all select id from footer_message) l where l.id = h.lead_id)`);
    await recordAudit(tx, { action: "retention.purge", details: { cutoff: cutoff.toISOString(), ...removed } });
    return removed;
  });
  if (result.skipped) return result;
  // Files after the rows: a crash in between leaves unreferenced files, never rows without files.
  await Promise.all(files.map((file) => storage.delete(file.key).catch(() => undefined)));
  return result;
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
  const safe = () => void run().catch((error: Error) => log.warn({ err: error.message }, "retention purge failed"));
  const first = setTimeout(safe, firstMs);
  const repeat = setInterval(safe, everyMs);
  first.unref();
  repeat.unref();
  return () => {
    clearTimeout(first);
    clearInterval(repeat);
  };
}
