import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import nodemailer from "nodemailer";
import { onWake } from "../db/wake-after-commit.ts";
import { deliverDueMail } from "./deliver-outbox.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { devMailTransport } from "./dev-mail-transport.ts";
import { senderDomain } from "./sender-domain.ts";
import { ensurePrivateDirectory } from "../private-directory.ts";

export type MailOptions = {
  smtpUrl: string | undefined;
  /** Development without SMTP: mails are written here instead (dev-mail-transport.ts). */
  devMailDir: string | undefined;
  from: string;
  pollMs: number;
  retryBaseMs: number;
  claimLeaseSeconds: number;
  /** Decrypts the hidden secrets of mailed links as they are sent. */
  cipher: FieldCipher;
};

declare module "fastify" {
  interface FastifyInstance {
    /** Runs one delivery pass now (tests; enqueueMail wakes the worker itself, after commit). */
    deliverMailNow(): Promise<number>;
  }
}

/**
 * The outbox delivery worker. Without SMTP_URL mail stays in the outbox (admins see it, links
 * hidden, on the back-office outbox page), except in development, where it goes to files.
 */
export default fp(
  async function mailPlugin(app: FastifyInstance, options: MailOptions) {
    if (options.devMailDir) {
      await ensurePrivateDirectory(options.devMailDir);
      app.log.warn(`SMTP_URL is not set: each mail is written to ${options.devMailDir} (development only)`);
    }
    const transport = options.devMailDir ? devMailTransport(options.devMailDir) : options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
    if (!transport) {
      app.log.warn("SMTP_URL is not set: mail stays in the outbox (see /back-office/outbox; its links are hidden there)");
      app.decorate("deliverMailNow", async () => 0);
      return;
    }
    // Message-IDs name the outbox row in the sender's own domain, like the mail's From.
    const messageIdDomain = senderDomain(options.from);
    let running: Promise<number> | null = null;
    let queued: Promise<number> | null = null;
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;

    const pass = (): Promise<number> => {
      // One pass at a time per process (other processes are kept apart by SKIP LOCKED); a mail
      // enqueued during a pass may have missed its claim: one more pass follows the current one.
      if (running) return (queued ??= running.then(() => ((queued = null), stopped ? 0 : pass())));
      running = deliverDueMail(app.db, transport, {
        from: options.from,
        messageIdDomain,
        retryBaseMs: options.retryBaseMs,
        claimLeaseSeconds: options.claimLeaseSeconds,
        log: app.log,
        cipher: options.cipher,
      })
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
    const unsubscribe = onWake(app.db, "mail", () => void pass());
    app.addHook("onReady", async () => schedule());
    app.addHook("onClose", async () => {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      await running;
      await queued;
      transport.close();
    });
  },
  { name: "mail", dependencies: ["db"] },
);
