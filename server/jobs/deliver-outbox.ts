import { sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Database } from "../db/client.ts";

type Logger = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

const batchSize = 10;
const maxBackoffMs = 60 * 60 * 1000;

/** Exponential backoff after the n-th failed attempt (n >= 1), capped at one hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxBackoffMs);
}

type ClaimedMail = { id: string; to: string; subject: string; html: string; text: string; attempts: number };

/** Where @opentelemetry/api keeps its globals once a tracer provider is registered (server/tracing.ts). */
const openTelemetryGlobal = Symbol.for("opentelemetry.js.api.1");

/**
 * Runs a send inside an "smtp send" span when traces are on; otherwise the send runs bare and no
 * OpenTelemetry module is loaded. The span names the outbox row and the attempt, never the
 * recipient or the content, and a failure only by its type (its message can quote the address).
 */
async function inSmtpSpan<T>(mail: ClaimedMail, send: () => Promise<T>): Promise<T> {
  if (!(openTelemetryGlobal in globalThis)) return send();
  const { trace, SpanKind, SpanStatusCode } = await import("@opentelemetry/api");
  const attributes = { "lender.mail.outbox_id": mail.id, "lender.mail.attempt": mail.attempts };
  return trace.getTracer("lender-site").startActiveSpan("smtp send", { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await send();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.setAttribute("error.type", (error as { code?: string }).code ?? (error as Error).name ?? "Error");
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Delivers due outbox mails once; returns how many were sent. Safe to run on several servers.
 * Delivery is at least once, so each mail's Message-ID is `<outbox row id@messageIdDomain>`: a
 * repeat after a crash carries the same one and mail clients and the team can recognise it.
 */
export async function deliverDueMail(
  db: Database,
  transport: Transporter,
  /** claimLeaseSeconds: a claimed mail is invisible to other workers this long; a crashed worker's claim then lapses. */
  options: { from: string; messageIdDomain: string; retryBaseMs: number; claimLeaseSeconds: number; log: Logger },
): Promise<number> {
  const claimed = (await db.execute(sql`
    UPDATE mail_outbox SET attempts = attempts + 1,
      next_attempt_at = now() + make_interval(secs => ${options.claimLeaseSeconds})
    WHERE id IN (
      SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
    RETURNING id, "to", subject, html, text, attempts`)) as unknown as { rows: ClaimedMail[] };
  let sent = 0;
  for (const mail of claimed.rows) {
    try {
      await inSmtpSpan(mail, () =>
        transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          messageId: `<${mail.id}@${options.messageIdDomain}>`,
        }),
      );
      await db.execute(sql`UPDATE mail_outbox SET status = 'sent', sent_at = now(), last_error = NULL WHERE id = ${mail.id}`);
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
  return sent;
}
