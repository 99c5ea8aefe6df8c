import { SMTPServer } from "smtp-server";

export type CaughtMail = { from: string; to: string[]; subject: string; body: string; raw: string };

/** A real SMTP server on loopback that keeps every message it receives. */
export class SmtpCatcher {
  readonly mails: CaughtMail[] = [];
  private server: SMTPServer | null = null;
  private waiters: (() => void)[] = [];
  port = 0;

  async start(port = 0): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          this.mails.push(
            parseMail(
              raw,
              session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              session.envelope.rcptTo.map((r) => r.address),
            ),
          );
          for (const wake of this.waiters.splice(0)) wake();
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(port, "127.0.0.1", () => resolve());
    });
    this.port = (this.server.server.address() as { port: number }).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Resolves with the first mail matching `predicate`, or rejects after `timeoutMs`. */
  async waitFor(predicate: (mail: CaughtMail) => boolean, timeoutMs = 15_000): Promise<CaughtMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mails.find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `No matching mail within ${timeoutMs} ms; got: ${this.mails.map((m) => m.subject).join(", ") || "none"}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : decodeQuotedPrintable(data.replace(/_/g, " ")),
  );
}

function parseMail(raw: string, from: string, to: string[]): CaughtMail {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, " ");
  const subject = decodeHeader(/^Subject: (.*)$/im.exec(unfolded)?.[1]?.trim() ?? "");
  return { from, to, subject, body: decodeQuotedPrintable(raw), raw };
}

/** The base64 attachments of a caught multipart mail, by file name (nodemailer's encoding). */
export function mailAttachments(mail: CaughtMail): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  const parts = mail.raw.split(/\r?\n--[^\r\n]+/);
  for (const part of parts) {
    const unfolded = part.replace(/\r?\n[ \t]+/g, " ");
    const name = /filename="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
    if (!name || !/Content-Transfer-Encoding: base64/i.test(unfolded)) continue;
    const body = part
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join("")
      .replace(/\s+/g, "");
    found.set(name, Buffer.from(body, "base64"));
  }
  return found;
}
