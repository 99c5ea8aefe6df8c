import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import nodemailer from "nodemailer";
import { deliverDueMail } from "../jobs/deliver-outbox.ts";
import { senderDomain } from "../modules/mail/sender-domain.ts";

export type MailOptions = { smtpUrl: string | undefined; from: string; pollMs: number; retryBaseMs: number; claimLeaseSeconds: number };

declare module "fastify" {
  interface FastifyInstance {
    /** Runs one delivery pass now (used after enqueueing to cut latency, and by tests). */
    deliverMailNow(): Promise<number>;
  }
}

/**
 * The outbox delivery worker. Without SMTP_URL mail stays in the outbox (admins read it on the
 * back-office outbox page) and only its recipient and subject are logged.
 */
export default fp(
  async function mailPlugin(app: FastifyInstance, options: MailOptions) {
    if (!options.smtpUrl) {
      app.log.warn("SMTP_URL is not set: mail stays in the outbox (see /back-office/outbox)");
      app.decorate("deliverMailNow", async () => 0);
      return;
    }
    const transport = nodemailer.createTransport(options.smtpUrl);
    // Message-IDs name the outbox row in the sender's own domain, like the mail's From.
    const messageIdDomain = senderDomain(options.from);
    let running: Promise<number> | null = null;
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;

    const pass = () => {
      // One pass at a time per process; other processes are kept apart by SKIP LOCKED.
      running ??= deliverDueMail(app.db, transport, { from: options.from, messageIdDomain, retryBaseMs: options.retryBaseMs, claimLeaseSeconds: options.claimLeaseSeconds, log: app.log })
        .catch((error: Error) => {
          app.log.warn({ err: error.message }, "mail delivery pass failed");
          return 0;
        })
        .finally(() => {
          running = null;
        });
      return running;
    };

    const schedule = () => {
      if (stopped) return;
      timer = setTimeout(() => void pass().then(schedule), options.pollMs);
      timer.unref();
    };

    app.decorate("deliverMailNow", pass);
    app.addHook("onReady", async () => schedule());
    app.addHook("onClose", async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    });
  },
  { name: "mail", dependencies: ["db"] },
);
