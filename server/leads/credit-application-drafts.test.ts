import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { draftMessages, draftSavesPerEmailPerHour } from "#domain/leads/credit-application-draft-schema.ts";
import { sampleCreditApplication } from "../demo/sample-requests.ts";
import { SmtpCatcher } from "../../tests/support/smtp-catcher.ts";
import { queryRows } from "../../tests/support/test-database.ts";
import { loopbackAddress, startTestServer, testOrigin, type TestServer } from "../../tests/support/test-server.ts";
import { creditApplicationDraft } from "./tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { sha256Hex } from "../shared/crypto/link-token.ts";

let server: TestServer;
let smtp: SmtpCatcher;

beforeAll(async () => {
  smtp = await new SmtpCatcher().start();
  server = await startTestServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await server?.close();
  await smtp?.stop();
});

const post = (url: string, payload: unknown, remoteAddress = loopbackAddress()) =>
  server.app.inject({
    method: "POST",
    url,
    payload: payload as object,
    remoteAddress,
    headers: { origin: testOrigin },
  });

/** Half an application: the business and the owner's SSN, nothing else. */
const partial = (ssn: string, overrides: object = {}) => ({
  BusinessName: "Harbor Bakery LLC",
  FedId: "12-3456789",
  ssn,
  contactName: "Nina Park",
  businessZipCode: "",
  ...overrides,
});

async function save(email: string, draft: object) {
  const response = await post("/api/leads/credit-application-drafts", { email, draft });
  expect(response.statusCode, response.body).toBe(201);
  const [mail] = await server.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email.toLowerCase()))
    .orderBy(sql`${mailOutbox.createdAt} desc`)
    .limit(1);
  // The row keeps the link hidden: the token is read from the mail as sent (its Message-ID names the row).
  const sent = await smtp.waitFor((caught) => caught.raw.includes(`<${mail!.id}@`));
  const token = /#resume=([A-Za-z0-9_-]{43})/.exec(sent.body)![1]!;
  return { response, mail: mail!, sent, token };
}

const resume = (token: string) => post("/api/leads/credit-application-drafts/resume", { token });

describe("save and finish later", () => {
  it("stores the draft as one encrypted value, mails a link with the token in its fragment, and reopens it", async () => {
    const { response, mail, sent, token } = await save("Nina@Harbor.example", partial("471-22-9035"));
    expect(Date.parse(response.json().expiresAt) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(sent.body).toContain(`${testOrigin}/ApplyNow#resume=${token}`);
    expect(mail.text).toContain(`${testOrigin}/ApplyNow#[hidden-1]`);
    for (const secret of ["471-22-9035", "471229035", "12-3456789", "Harbor Bakery", "Nina Park"])
      expect(mail.text + mail.html + mail.subject).not.toContain(secret);

    const [row] = await server.database.db
      .select()
      .from(creditApplicationDraft)
      .where(eq(creditApplicationDraft.tokenHash, sha256Hex(token)));
    expect(row!.payloadEncrypted).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain("Harbor");
    expect(JSON.stringify(row)).not.toContain("nina@harbor.example");
    expect(JSON.parse(server.cipher.decrypt(row!.payloadEncrypted!))).toMatchObject({
      ssn: "471-22-9035",
      BusinessName: "Harbor Bakery LLC",
    });

    const reopened = await resume(token);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.headers["cache-control"]).toBe("no-store");
    expect(reopened.json().draft).toMatchObject({
      BusinessName: "Harbor Bakery LLC",
      FedId: "12-3456789",
      ssn: "471-22-9035",
      contactName: "Nina Park",
    });
    // The link reopens it again (another device) until it is used, replaced or expired.
    expect((await resume(token)).statusCode).toBe(200);
    expect(server.logs()).not.toContain(token);
    expect(server.logs()).not.toContain("471-22-9035");
  });

  it("checks what was typed with the application's own formats, and only that", async () => {
    expect(
      (await post("/api/leads/credit-application-drafts", { email: "a@b.example", draft: { ssn: "47122" } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post("/api/leads/credit-application-drafts", { email: "a@b.example", draft: { businessZipCode: "123" } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post("/api/leads/credit-application-drafts", { email: "not-an-address", draft: {} })).statusCode,
    ).toBe(400);
    expect(
      (
        await post("/api/leads/credit-application-drafts", {
          email: "a@b.example",
          draft: {},
          leaveEmpty: "http://spam.example",
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post("/api/leads/credit-application-drafts", {
          email: "empty@b.example",
          draft: { businessZipCode: "", ssn: "" },
        })
      ).statusCode,
    ).toBe(201);
  });

  it("refuses an expired link with 410 and the message, never a 5xx", async () => {
    const { token } = await save("late@harbor.example", partial("471-22-9036"));
    await server.database.db
      .update(creditApplicationDraft)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(creditApplicationDraft.tokenHash, sha256Hex(token)));
    const refused = await resume(token);
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toMatchObject({ code: "GONE", message: draftMessages.expired });
    expect((await resume("A".repeat(43))).statusCode).toBe(410);
    expect((await resume("short")).statusCode).toBe(400);
  });

  it("replaces the draft it was resumed from (its token in the save): that link stops working, its payload is dropped", async () => {
    const first = await save("twice@harbor.example", partial("471-22-9037"));
    const response = await post("/api/leads/credit-application-drafts", {
      email: "Twice@Harbor.example",
      draft: partial("471-22-9037", { contactName: "Nina P. Park" }),
      replaces: first.token,
    });
    expect(response.statusCode).toBe(201);
    expect((await resume(first.token)).statusCode).toBe(410);
    const [old] = await server.database.db
      .select()
      .from(creditApplicationDraft)
      .where(eq(creditApplicationDraft.tokenHash, sha256Hex(first.token)));
    expect(old).toMatchObject({ payloadEncrypted: null, revokedAt: expect.any(Date) });
  });

  it("ends the draft when the resumed application is submitted: marked used, payload deleted, link refused", async () => {
    const { token } = await save("finish@harbor.example", partial("471-22-9038"));
    const submitted = await post("/api/leads/credit-application", sampleCreditApplication({ draftToken: token }));
    expect(submitted.statusCode).toBe(201);
    const [row] = await server.database.db
      .select()
      .from(creditApplicationDraft)
      .where(eq(creditApplicationDraft.tokenHash, sha256Hex(token)));
    expect(row).toMatchObject({ payloadEncrypted: null, usedAt: expect.any(Date) });
    expect((await resume(token)).statusCode).toBe(410);
  });

  it(`limits saves to ${draftSavesPerEmailPerHour} an hour per e-mail address, whatever the client address`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= draftSavesPerEmailPerHour; i += 1) {
      statuses.push(
        (
          await post(
            "/api/leads/credit-application-drafts",
            { email: "busy@harbor.example", draft: { BusinessName: `Try ${i}` } },
            loopbackAddress(),
          )
        ).statusCode,
      );
    }
    expect(statuses).toEqual([...Array<number>(draftSavesPerEmailPerHour).fill(201), 429]);
  });

  it("never shows a draft to staff: no lead, no inbox row, no credit application", async () => {
    await save("hidden@harbor.example", partial("471-22-9039", { BusinessName: "Invisible Draft Bakery" }));
    const leads = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from credit_application where business_name = 'Invisible Draft Bakery'`,
    );
    expect(leads[0]!.n).toBe(0);
    const teamMails = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, server.config.creditTeamEmail));
    expect(teamMails.filter((mail) => mail.text.includes("Invisible Draft"))).toEqual([]);
  });
});
