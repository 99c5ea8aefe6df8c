import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SmtpCatcher } from "../../tests/support/smtp-catcher.ts";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";
import { enqueueMail } from "./enqueue-mail.ts";
import { senderDomain } from "./sender-domain.ts";

describe("senderDomain", () => {
  it.each([
    ["Keystone Equipment Capital <no-reply@keystone-capital.example>", "keystone-capital.example"],
    ["no-reply@Mail.Lender.example", "mail.lender.example"],
    ["no address", "localhost"],
  ])("of %s is %s", (from, domain) => {
    expect(senderDomain(from)).toBe(domain);
  });
});

describe("the mail worker", () => {
  let smtp: SmtpCatcher;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await new SmtpCatcher().start();
    server = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM: "Lender <no-reply@mail.lender.example>" });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it("sends each outbox mail with the Message-ID of its row, in the sender's domain", async () => {
    const id = await enqueueMail(server.database.db, {
      to: "team@lender.example",
      subject: "Numbered",
      html: "<p>x</p>",
      text: "x",
    });
    await server.app.deliverMailNow();
    const mail = await smtp.waitFor((m) => m.subject === "Numbered");
    expect(mail.raw.replace(/\r?\n[ \t]+/g, " ")).toMatch(
      new RegExp(`^Message-ID: <${id}@mail\\.lender\\.example>\\r?$`, "im"),
    );
  });
});
