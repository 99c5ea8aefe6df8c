import { sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Database } from "../db/client.ts";
import type { MailAttachment } from "./tables.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { revealLinkSecrets } from "./hide-link-secrets.ts";
import { inSpan } from "../telemetry.ts";

type Logger = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

const batchSize = 10;
const maxBackoffMs = 60 * 60 * 1000;

/** Exponential backoff after the n-th failed attempt (n >= 1), capped at one hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxBackoffMs);
}

type ClaimedMail = {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
  attachments: MailAttachment[] | null;
  linkSecrets: string | null;
};

/**
 * Marks sent mails: a mark starts as soon as the mail is sent unless another is being written, and
 * the marks that waited for it share the next statement. A mail is marked about as soon as it was
 * with a statement each (the window in which a crash would send it again is not wider), in fewer
 * statements when sends are quick (the lead write's PGlite throughput counts each, docs/quality.md).
 */
function sentMarks(db: Database) {
  let waiting: string[] = [];
  let writing: Promise<void> | null = null;
  let failure: unknown = null;
  const write = () => {
    const ids = waiting;
    waiting = [];
    writing = db
      .execute(
        sql`UPDATE mail_outbox SET status = 'sent', sent_at = now(), last_error = NULL, link_secrets = NULL
          WHERE id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
      )
      .then(
        () => undefined,
        (error: unknown) => void (failure ??= error),
      )
      .finally(() => {
        writing = null;
        if (waiting.length) write();
      });
  };
  return {
    mark(id: string) {
      waiting.push(id);
      if (!writing) write();
    },
    /** Resolves once every mark is written; a mark that failed fails the pass (its mails are sent again when their claim lapses). */
    async written() {
      while (writing) await writing;
      if (failure) throw failure;
    },
  };
}

/**
 * Delivers due outbox mails once; returns how many were sent. Safe to run on several servers.
 * Delivery is at least once, so each mail's Message-ID is `<outbox row id@messageIdDomain>`: a
 * repeat after a crash carries the same one and mail clients and the team can recognise it.
 * Links go out whole (their hidden fragments decrypted here) and their secrets leave the row once sent.
 */
export async function deliverDueMail(
  db: Database,
  transport: Transporter,
  /** claimLeaseSeconds: a claimed mail is invisible to other workers this long; a crashed worker's claim then lapses. */
  options: {
    from: string;
    messageIdDomain: string;
    retryBaseMs: number;
    claimLeaseSeconds: number;
    log: Logger;
    cipher: FieldCipher;
  },
): Promise<number> {
  const claimed = (await db.execute(sql`
    UPDATE mail_outbox SET attempts = attempts + 1,
      next_attempt_at = now() + make_interval(secs => ${options.claimLeaseSeconds})
    WHERE id IN (
      SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
    RETURNING id, "to", subject, html, text, attempts, attachments, link_secrets AS "linkSecrets"`)) as unknown as {
    rows: ClaimedMail[];
  };
  let sent = 0;
  const marks = sentMarks(db);
  for (const mail of claimed.rows) {
    try {
      const { subject, html, text } = revealLinkSecrets(mail, options.cipher);
      // Named by the outbox row and the attempt, never the recipient or the content.
      await inSpan("smtp send", { "lender.mail.outbox_id": mail.id, "lender.mail.attempt": mail.attempts }, () =>
        transport.sendMail({
          from: options.from,
          to: mail.to,
          subject,
          html,
          text,
          attachments: (mail.attachments ?? []).map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: Buffer.from(file.contentBase64, "base64"),
          })),
          messageId: `<${mail.id}@${options.messageIdDomain}>`,
        }),
      );
      marks.mark(mail.id);
      sent += 1;
    } catch (error) {
      const delay = retryDelayMs(mail.attempts, options.retryBaseMs);
      const message = (error as Error).message.slice(0, 500);
      await db.execute(sql`
        UPDATE mail_outbox SET last_error = ${message},
          next_attempt_at = now() + make_interval(secs => ${delay / 1000})
        WHERE id = ${mail.id}`);
      options.log.warn({ mailId: mail.id, attempts: mail.attempts, retryInMs: delay }, "mail delivery failed");
    }
  }
  await marks.written();
  return sent;
}
