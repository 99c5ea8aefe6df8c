import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { draftMessages, liveDraftsPerEmail } from "#domain/leads/credit-application-draft-schema.ts";
import { SmtpCatcher } from "../tests/support/smtp-catcher.ts";
import { loopbackAddress, startTestServer, testOrigin, type TestServer } from "../tests/support/test-server.ts";
import { creditApplicationDraft, mailOutbox } from "./db/schema.ts";
import { emailHash, newLinkToken, sha256Hex } from "./modules/crypto/link-token.ts";

// Issue 27: what a stranger (or a vendor) can do to someone else, and the caps that bound a caller.
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

const post = (url: string, payload: unknown, remoteAddress = loopbackAddress(), headers: Record<string, string> = {}) =>
  server.app.inject({ method: "POST", url, payload: payload as object, remoteAddress, headers: { origin: testOrigin, ...headers } });

describe("saved applications: a stranger saving for the same e-mail", () => {
  const saveDraft = (email: string, draft: object, extra: object = {}) => post("/api/leads/credit-application-drafts", { email, draft, ...extra });
  const resume = (token: string) => post("/api/leads/credit-application-drafts/resume", { token });
  async function newestLink(email: string) {
    const [mail] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
    return /#resume=([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
  }

  it("keeps both savers' drafts, each reachable only by its own link; a made-up token replaces nothing", async () => {
    const email = "owner@two-savers.example";
    expect((await saveDraft(email, { BusinessName: "Owner's Bakery", ssn: "471-22-9101" })).statusCode).toBe(201);
    const owners = await newestLink(email);
    // Someone else, from another address, with no link: a draft of their own, nothing more.
    expect((await saveDraft(email, { BusinessName: "Stranger LLC" }, { replaces: newLinkToken() })).statusCode).toBe(201);
    const strangers = await newestLink(email);
    expect(strangers).not.toBe(owners);

    const reopened = await resume(owners);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().draft).toMatchObject({ BusinessName: "Owner's Bakery", ssn: "471-22-9101" });
    expect((await resume(strangers)).json().draft).toEqual({ BusinessName: "Stranger LLC" });
  });

  it(`holds at most ${liveDraftsPerEmail} live drafts per e-mail: a further save is refused (429), none is pruned, a resumed one may still be saved again`, async () => {
    const email = "full@two-savers.example";
    const now = Date.now();
    const tokens = Array.from({ length: liveDraftsPerEmail }, () => newLinkToken());
    await server.database.db.insert(creditApplicationDraft).values(
      tokens.map((token) => ({
        tokenHash: sha256Hex(token),
        emailHash: emailHash(email),
        payloadEncrypted: server.cipher.encrypt(JSON.stringify({ BusinessName: "Saved Earlier" })),
        // Saved over the past days, so the hourly limit is not what answers.
        createdAt: new Date(now - 2 * 24 * 3600 * 1000),
        expiresAt: new Date(now + 5 * 24 * 3600 * 1000),
      })),
    );
    const refused = await saveDraft(email, { BusinessName: "One Too Many" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "RATE_LIMITED", message: draftMessages.full });
    for (const token of tokens) expect((await resume(token)).statusCode).toBe(200);

    expect((await saveDraft(email, { BusinessName: "Saved Again" }, { replaces: tokens[0] })).statusCode).toBe(201);
    expect((await resume(tokens[0]!)).statusCode).toBe(410);
    expect((await resume(await newestLink(email))).json().draft).toEqual({ BusinessName: "Saved Again" });
  });
});
