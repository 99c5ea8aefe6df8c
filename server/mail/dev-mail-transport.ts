import { writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../config.ts";

/**
 * Where a development server without SMTP_URL writes each mail it sends, links whole, so the local
 * demo can follow an invitation or a reset link. Never in production or tests: there, mail without
 * SMTP waits in the outbox, whose links are hidden.
 */
export function devMailDirectory(config: Pick<Config, "env" | "smtpUrl" | "dataDir">): string | undefined {
  return config.env === "development" && !config.smtpUrl ? path.join(config.dataDir, "dev-mail") : undefined;
}

/** A transport that writes each message as `<time>-<outbox id>.eml` (readable by its owner only) in `directory`. */
export function devMailTransport(directory: string): Transporter {
  return nodemailer.createTransport({
    name: "dev-mail",
    version: "1",
    send(mail, done) {
      const id = mail.message.messageId().replace(/^<|@.*$/g, "");
      const file = path.join(directory, `${new Date().toISOString().replace(/[:.]/g, "-")}-${id}.eml`);
      mail.message
        .build()
        .then((message) => writeFile(file, message, { mode: 0o600 }))
        .then(() => done(null, { envelope: mail.message.getEnvelope(), messageId: mail.message.messageId() }), done);
    },
  });
}
