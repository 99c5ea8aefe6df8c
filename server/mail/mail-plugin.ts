import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import nodemailer from "nodemailer";
import { deliverDueMail } from "./deliver-outbox.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { devMailTransport } from "./dev-mail-transport.ts";
import { senderDomain } from "./sender-domain.ts";
import { ensurePrivateDirectory } from "../private-directory.ts";
import { startPollingWorker } from "../shared/polling-worker.ts";

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
    const transport = options.devMailDir
      ? devMailTransport(options.devMailDir)
      : options.smtpUrl
        ? nodemailer.createTransport(options.smtpUrl)
        : null;
    if (!transport) {
      app.log.warn(
        "SMTP_URL is not set: mail stays in the outbox (see /back-office/outbox; its links are hidden there)",
      );
      app.decorate("deliverMailNow", async () => 0);
      return;
    }
    // Message-IDs name the outbox row in the sender's own domain, like the mail's From.
    const messageIdDomain = senderDomain(options.from);
    const pass = startPollingWorker(app, {
      name: "mail",
      topic: "mail",
      pollMs: options.pollMs,
      pass: () =>
        deliverDueMail(app.db, transport, {
          from: options.from,
          messageIdDomain,
          retryBaseMs: options.retryBaseMs,
          claimLeaseSeconds: options.claimLeaseSeconds,
          log: app.log,
          cipher: options.cipher,
        }),
      close: () => transport.close(),
    });
    app.decorate("deliverMailNow", pass);
  },
  { name: "mail", dependencies: ["db"] },
);
