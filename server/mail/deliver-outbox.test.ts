import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SmtpCatcher } from "../../tests/support/smtp-catcher.ts";
import { openTestDatabase } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { mailOutbox } from "./tables.ts";
import { createFieldCipher } from "../shared/crypto/field-cipher.ts";
import { devMailDirectory, devMailTransport } from "./dev-mail-transport.ts";
import { enqueueMail } from "./enqueue-mail.ts";
import { deliverDueMail, retryDelayMs } from "./deliver-outbox.ts";

const silentLog = { info: () => {}, warn: () => {} };
const cipher = createFieldCipher(randomBytes(32).toString("base64"));

describe("retryDelayMs", () => {
  it.each([
    [1, 5_000],
    [2, 10_000],
    [3, 20_000],
    [10, 2_560_000],
    [11, 3_600_000],
    [50, 3_600_000],
  ])("after attempt %i waits %i ms", (attempts, expected) => {
    expect(retryDelayMs(attempts, 5_000)).toBe(expected);
  });
});

describe("outbox delivery", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it("delivers a mail queued while the SMTP server is down, exactly once, after it comes back", async () => {
    const catcher = await new SmtpCatcher().start();
    const port = catcher.port;
    await catcher.stop();
    const transport = nodemailer.createTransport(`smtp://127.0.0.1:${port}`);
    const options = {
      from: "site@example.com",
      messageIdDomain: "example.com",
      retryBaseMs: 50,
      claimLeaseSeconds: 300,
      log: silentLog,
      cipher,
    };
    const id = await enqueueMail(database.db, {
      to: "team@example.com",
      subject: "New lead",
      html: "<p>Hello</p>",
      text: "Hello",
    });

    expect(await deliverDueMail(database.db, transport, options)).toBe(0);
    const [failed] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed!.lastError).toBeTruthy();

    const revived = await new SmtpCatcher().start(port);
    try {
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await deliverDueMail(database.db, transport, options)).toBe(1);
      expect(await deliverDueMail(database.db, transport, options)).toBe(0);
      const mail = await revived.waitFor((m) => m.subject === "New lead");
      expect(mail.to).toEqual(["team@example.com"]);
      expect(revived.mails).toHaveLength(1);
      const [sent] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(sent).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    } finally {
      transport.close();
      await revived.stop();
    }
  });

  it("does not retry before the backoff has passed", async () => {
    const transport = nodemailer.createTransport("smtp://127.0.0.1:9");
    const options = {
      from: "site@example.com",
      messageIdDomain: "example.com",
      retryBaseMs: 60_000,
      claimLeaseSeconds: 300,
      log: silentLog,
      cipher,
    };
    await enqueueMail(database.db, { to: "team@example.com", subject: "Later", html: "<p>x</p>", text: "x" });
    await deliverDueMail(database.db, transport, options);
    const claimedAgain = await deliverDueMail(database.db, transport, options);
    expect(claimedAgain).toBe(0);
    const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, "Later"));
    expect(rows[0]!.attempts).toBe(1);
    transport.close();
  });

  it("gives each mail a Message-ID made from its outbox row, the same when a crash makes it go out twice", async () => {
    const catcher = await new SmtpCatcher().start();
    const transport = nodemailer.createTransport(catcher.url);
    const options = {
      from: "site@example.com",
      messageIdDomain: "www.lender.example",
      retryBaseMs: 50,
      claimLeaseSeconds: 300,
      log: silentLog,
      cipher,
    };
    try {
      const id = await enqueueMail(database.db, {
        to: "team@example.com",
        subject: "Twice",
        html: "<p>x</p>",
        text: "x",
      });
      const other = await enqueueMail(database.db, {
        to: "team@example.com",
        subject: "Once",
        html: "<p>y</p>",
        text: "y",
      });
      expect(await deliverDueMail(database.db, transport, options)).toBe(2);
      // What a crash between the SMTP server's acceptance and "sent" leaves: a claimed row whose lease lapsed.
      await database.db.execute(
        sql`UPDATE mail_outbox SET status = 'pending', sent_at = NULL, next_attempt_at = now() - interval '1 second' WHERE id = ${id}`,
      );
      expect(await deliverDueMail(database.db, transport, options)).toBe(1);

      const messageId = (raw: string) => /^Message-ID:\s*(.*)$/im.exec(raw.replace(/\r?\n[ \t]+/g, " "))?.[1]?.trim();
      const twice = catcher.mails.filter((mail) => mail.subject === "Twice");
      expect(twice).toHaveLength(2);
      expect(twice.map((mail) => messageId(mail.raw))).toEqual([
        `<${id}@www.lender.example>`,
        `<${id}@www.lender.example>`,
      ]);
      expect(messageId(catcher.mails.find((mail) => mail.subject === "Once")!.raw)).toBe(
        `<${other}@www.lender.example>`,
      );
    } finally {
      transport.close();
      await catcher.stop();
    }
  });

  it("writes each mail, its link whole, as a file of the development mail folder, which only development without SMTP has", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "dev-mail-"));
    try {
      const options = {
        from: "site@example.com",
        messageIdDomain: "example.com",
        retryBaseMs: 50,
        claimLeaseSeconds: 300,
        log: silentLog,
        cipher,
      };
      const link = `https://lender.example/reset-password#token=${"k".repeat(24)}`;
      const id = await enqueueMail(
        database.db,
        { to: "dev@example.com", subject: "Dev link", html: `<a href="${link}">Choose</a>`, text: `Choose: ${link}` },
        cipher,
      );
      await deliverDueMail(database.db, devMailTransport(folder), options);
      const [file] = (await readdir(folder)).filter((name) => name.endsWith(`-${id}.eml`));
      expect((await readFile(path.join(folder, file!), "utf8")).replace(/=\r?\n/g, "")).toContain(link);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    const config = { dataDir: "/data", smtpUrl: undefined };
    expect(devMailDirectory({ ...config, env: "development" })).toBe(path.join("/data", "dev-mail"));
    expect(devMailDirectory({ ...config, env: "production" })).toBeUndefined();
    expect(devMailDirectory({ ...config, env: "test" })).toBeUndefined();
    expect(devMailDirectory({ ...config, env: "development", smtpUrl: "smtp://mail:25" })).toBeUndefined();
  });
});
