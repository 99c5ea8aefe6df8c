import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleCreditApplication } from "../demo/sample-requests.ts";
import { SmtpCatcher } from "../../tests/support/smtp-catcher.ts";
import { loopbackAddress, startTestServer, testOrigin, type TestServer } from "../../tests/support/test-server.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { mailOutbox } from "../mail/tables.ts";
import { onWake } from "./wake-after-commit.ts";

// The workers poll once an hour here: whatever arrives promptly was woken by its enqueue.
describe("waking the workers after commit", () => {
  let smtp: SmtpCatcher;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await new SmtpCatcher().start();
    server = await startTestServer({ SMTP_URL: smtp.url, MAIL_POLL_MS: "3600000", WEBHOOK_POLL_MS: "3600000" });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  const post = (url: string, payload: Record<string, unknown>) =>
    server.app.inject({
      method: "POST",
      url,
      payload,
      remoteAddress: loopbackAddress(),
      headers: { origin: testOrigin, "content-type": "application/json" },
    });

  it("delivers the mails of a public form at once, whether stored in one statement or in a transaction", async () => {
    const footer = await post("/api/leads/footer-message", {
      nameOfBusiness: "",
      nameUser: "Wren",
      emailUser: "wren@x.example",
      subjectUser: "Call me",
      idempotencyKey: randomUUID(),
    });
    expect(footer.statusCode).toBe(201);
    await smtp.waitFor((mail) => mail.body.includes("Wren"), 3000);

    const application = await post(
      "/api/leads/credit-application",
      sampleCreditApplication({ businessEmail: "woken@applicant.example" }),
    );
    expect(application.statusCode).toBe(201);
    await smtp.waitFor((mail) => mail.to.includes("woken@applicant.example"), 3000);
  });

  it("wakes the mail worker only once a transaction commits, and never when it rolls back", async () => {
    let wakes = 0;
    const unsubscribe = onWake(server.database.db, "mail", () => wakes++);
    try {
      await expect(
        server.database.db.transaction(async (tx) => {
          await enqueueMail(tx, { to: "never@x.example", subject: "Rolled back", html: "<p>x</p>", text: "x" });
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      expect(wakes).toBe(0);

      await server.database.db.transaction(async (tx) => {
        await enqueueMail(tx, { to: "kept@x.example", subject: "Committed", html: "<p>x</p>", text: "x" });
        expect(wakes).toBe(0);
      });
      expect(wakes).toBe(1);
      await smtp.waitFor((mail) => mail.subject === "Committed", 3000);
    } finally {
      unsubscribe();
    }
    expect(smtp.mails.map((mail) => mail.subject)).not.toContain("Rolled back");
    expect(
      (await server.database.db.select({ subject: mailOutbox.subject }).from(mailOutbox)).map((row) => row.subject),
    ).not.toContain("Rolled back");
  });
});
