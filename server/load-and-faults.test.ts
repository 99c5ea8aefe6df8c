import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { SmtpCatcher } from "../tests/support/smtp-catcher.ts";
import { queryRows } from "../tests/support/test-database.ts";
import { loopbackAddress, startTestServer, testOrigin, type TestServer } from "../tests/support/test-server.ts";

// Small, bounded load and fault tests: every accepted lead is stored once and mailed once,
// through concurrency, repeats and an SMTP outage.

let server: TestServer | undefined;
let smtp: SmtpCatcher | undefined;
afterEach(async () => {
  await server?.close();
  await smtp?.stop();
  server = undefined;
  smtp = undefined;
});

const message = (name: string, key = randomUUID()) => ({
  nameOfBusiness: "",
  nameUser: name,
  emailUser: "load@x.example",
  subjectUser: `Load test ${name}`,
  idempotencyKey: key,
});

async function send(target: TestServer, payload: object) {
  return target.app.inject({
    method: "POST",
    url: "/api/leads/footer-message",
    payload,
    remoteAddress: loopbackAddress(),
    headers: { origin: testOrigin },
  });
}

async function pendingMail(target: TestServer) {
  return (
    await queryRows<{ n: number }>(
      target.database.db,
      sql`select count(*)::int as n from mail_outbox where status = 'pending'`,
    )
  )[0]!.n;
}

describe("load and faults", () => {
  it("stores and mails every accepted lead exactly once under concurrent and repeated submits", async () => {
    smtp = await new SmtpCatcher().start();
    server = await startTestServer({ SMTP_URL: smtp.url });
    const repeated = message("Repeated Person");
    const responses = await Promise.all([
      ...Array.from({ length: 40 }, (_, i) => send(server!, message(`Person ${i}`))),
      ...Array.from({ length: 10 }, () => send(server!, repeated)),
    ]);
    expect(responses.every((response) => response.statusCode === 200 || response.statusCode === 201)).toBe(true);
    const ids = new Set(responses.map((response) => response.json().id));
    expect(ids.size).toBe(41);
    const rows = await queryRows<{ n: number }>(server.database.db, sql`select count(*)::int as n from footer_message`);
    expect(rows[0]!.n).toBe(41);
    await expect.poll(() => pendingMail(server!), { timeout: 20_000 }).toBe(0);
    const subjects = smtp.mails.map((mail) => mail.subject);
    expect(subjects).toHaveLength(41);
    expect(new Set(subjects).size).toBe(41);
  });

  it("delivers every mail of a burst sent while SMTP is down, once it is back", async () => {
    const probe = await new SmtpCatcher().start();
    const port = probe.port;
    await probe.stop();
    server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_BASE_MS: "100" });
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => send(server!, message(`Outage ${i}`))));
    expect(responses.every((response) => response.statusCode === 201)).toBe(true);
    await expect
      .poll(
        async () =>
          (
            await queryRows<{ n: number }>(
              server!.database.db,
              sql`select count(*)::int as n from mail_outbox where attempts > 0 and status = 'pending'`,
            )
          )[0]!.n,
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    smtp = await new SmtpCatcher().start(port);
    await expect.poll(() => pendingMail(server!), { timeout: 30_000 }).toBe(0);
    const subjects = smtp.mails.map((mail) => mail.subject);
    expect(subjects).toHaveLength(20);
    expect(new Set(subjects).size).toBe(20);
  });
});
