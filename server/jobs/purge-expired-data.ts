import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { calculatorLead, creditApplication, deal, dealDocument, footerMessage, mailOutbox, pickedOption, questionnaireAnswer, vendorContact } from "../db/schema.ts";
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
 * Deletes customer data older than the retention period after its last activity (decisions.md
 * 8): leads by their creation, deals (with client records, messages and files) by their last
 * update, and delivered mails, which copy names, phones and messages, sooner. Undelivered mail is
 * kept until it goes out. Logged in the audit log with counts only.
 */
export async function purgeExpiredData(db: Database, storage: FileStorage, retention: Retention, now = new Date()) {
  const cutoff = daysBefore(now, retention.retentionDays);
  const mailCutoff = daysBefore(now, Math.min(retention.deliveredMailDays, retention.retentionDays));
  let files: { key: string }[] = [];

  const counts = await db.transaction(async (tx) => {
    // Locked, so a deal updated meanwhile is either purged with its files or kept with them.
    const expiredDeals = await tx.select({ id: deal.id }).from(deal).where(lt(deal.lastUpdate, cutoff)).for("update");
    const dealIds = expiredDeals.map((row) => row.id);
    files = dealIds.length ? await tx.select({ key: dealDocument.storageKey }).from(dealDocument).where(inArray(dealDocument.dealId, dealIds)) : [];
    const removed: Record<string, number> = {};
    const purge = async (name: string, table: typeof footerMessage | typeof vendorContact | typeof creditApplication | typeof calculatorLead | typeof questionnaireAnswer | typeof pickedOption) => {
      const rows = await tx.delete(table).where(lt(table.createdAt, cutoff)).returning({ id: table.id });
      removed[name] = rows.length;
    };
    await purge("picked_option", pickedOption);
    await purge("questionnaire_answer", questionnaireAnswer);
    await purge("credit_application", creditApplication);
    await purge("calculator_lead", calculatorLead);
    await purge("vendor_contact", vendorContact);
    await purge("footer_message", footerMessage);
    removed.deal = dealIds.length ? (await tx.delete(deal).where(inArray(deal.id, dealIds)).returning({ id: deal.id })).length : 0;
    removed.mail_outbox = (
      await tx.delete(mailOutbox).where(and(eq(mailOutbox.status, "sent"), lt(mailOutbox.sentAt, mailCutoff))).returning({ id: mailOutbox.id })
    ).length;
    await tx.execute(sql`delete from lead_status s where not exists (
      select 1 from (select id from questionnaire_answer union all select id from picked_option union all select id from credit_application
        union all select id from calculator_lead union all select id from vendor_contact union all select id from footer_message) l where l.id = s.lead_id)`);
    await recordAudit(tx, { action: "retention.purge", details: { cutoff: cutoff.toISOString(), ...removed, files: files.length } });
    return removed;
  });
  // Files after the rows: a crash in between leaves unreferenced files, never rows without files.
  await Promise.all(files.map((file) => storage.delete(file.key).catch(() => undefined)));
  return { ...counts, files: files.length };
}

/** Runs the purge shortly after start and then daily. */
export function schedulePurge(run: () => Promise<unknown>, log: { warn(obj: object, msg: string): void }): () => void {
  const safe = () => void run().catch((error: Error) => log.warn({ err: error.message }, "retention purge failed"));
  const first = setTimeout(safe, 60_000);
  const daily = setInterval(safe, 24 * 60 * 60 * 1000);
  first.unref();
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
