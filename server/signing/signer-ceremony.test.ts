import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { esignConsentStatement } from "#domain/signing/esign-disclosure.ts";
import { signerCodeTries, signerCodesPerLinkPerHour, signerMessages } from "#domain/signing/signer-access.ts";
import type { SignerCeremony } from "#domain/signing/signer-contracts.ts";
import type { InPersonStarted } from "#domain/signing/portal-in-person-contracts.ts";
import { SmtpCatcher } from "../../tests/support/smtp-catcher.ts";
import { seedSentPackage, type SeededPackage } from "../../tests/support/signing-fixtures.ts";
import {
  cookiesFrom,
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createVendor, submitPortalDeal } from "../../tests/support/vendor-fixtures.ts";
import { createAccount } from "../accounts/create-account.ts";
import { auditLog } from "../audit/tables.ts";
import { user } from "../auth/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { sha256Hex } from "../shared/crypto/link-token.ts";
import { webhookEndpoint, webhookEvent } from "../webhooks/tables.ts";
import { notifySigner } from "./notify-signer.ts";
import { signingDocument, signingEvent, signingLink, signingPackage, signingSigner } from "./tables.ts";

// The signer's side of an agreement package (docs/product-rules.md#r57-documents-and-e-signature): a
// request's link, a mailed one-time code, a session cookie; consent before the documents; each document
// signed under the intent statement; the next signer in order; decline; in person at the dealer's; and
// never another signer's document or data.

const lender = "Keystone Equipment Capital";
const creditTeam = "credit-team@keystone-capital.example";
let server: TestServer;
let smtp: SmtpCatcher;
let admin = "";
/** Signing Motors' dealer (its deals' packages) and another company's. */
let dealer = { cookie: "", email: "", userId: "", companyId: "" };
let stranger = { cookie: "" };

const db = () => server.database.db;
const target = () => ({ db: server.app.db, storage: server.app.storage });
const context = () => ({
  creditTeamEmail: creditTeam,
  publicUrl: testOrigin,
  product: lender,
  cipher: server.cipher,
  timeZone: "America/Los_Angeles",
});

beforeAll(async () => {
  smtp = await new SmtpCatcher().start();
  server = await startTestServer({ SMTP_URL: smtp.url });
  await createAccount(server.auth, {
    email: "admin@signing.example",
    name: "Admin",
    role: authRoles.admin,
    password: "signing-password-1",
    emailVerified: true,
  });
  admin = (await signIn(server.app, "admin@signing.example", "signing-password-1")).cookie;
  const vendor = await createVendor(server.database, server.auth, "Signing Motors");
  const [owner] = await db().select({ id: user.id }).from(user).where(eq(user.email, vendor.email));
  dealer = {
    cookie: (await signIn(server.app, vendor.email, vendor.password)).cookie,
    email: vendor.email,
    userId: owner!.id,
    companyId: vendor.company.id,
  };
  await db()
    .insert(webhookEndpoint)
    .values({
      vendorCompanyId: vendor.company.id,
      url: "https://dealer.example/hooks",
      events: ["documents.signed", "documents.declined"],
      secretEncrypted: server.cipher.encrypt("whsec_x"),
      createdByUserId: owner!.id,
    });
  const other = await createVendor(server.database, server.auth, "Stranger Motors");
  stranger = { cookie: (await signIn(server.app, other.email, other.password)).cookie };
});
afterAll(async () => {
  await server?.close();
  await smtp?.stop();
});

type Sent = { method?: "GET" | "POST"; url: string; cookie?: string; payload?: object; userAgent?: string };
const send = ({ method = "POST", url, cookie = "", payload, userAgent = "CeremonyTest/1.0" }: Sent) =>
  server.app.inject({
    method,
    url,
    payload,
    remoteAddress: loopbackAddress(),
    headers: { cookie, origin: testOrigin, "user-agent": userAgent },
  });

const decoded = (body: string) => body.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
const codePattern = /Your code is (\d{6})/;

/** A deal of Signing Motors with a package out for signature. */
async function sentPackage(options: Parameters<typeof seedSentPackage>[2] = {}): Promise<SeededPackage> {
  const dealId = await submitPortalDeal(server.app, dealer.cookie, { businessName: "Harbor Paving" });
  return seedSentPackage(target(), dealId, options);
}

/** Waits until every mail queued to the address reached the SMTP server; answers how many it got. */
async function delivered(to: string) {
  for (;;) {
    const rows = await db().select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.to, to));
    const received = smtp.mails.filter((mail) => mail.to.includes(to)).length;
    if (rows.every((row) => row.status === "sent") && received >= rows.length) return received;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The newest mail to an address after `before` of them had come. */
async function nextMail(to: string, before: number) {
  await smtp.waitFor(
    (mail) => mail.to.includes(to) && smtp.mails.filter((each) => each.to.includes(to)).length > before,
  );
  return smtp.mails.filter((each) => each.to.includes(to)).at(-1)!;
}

/** Asks for a code with the link's token and answers the code the signer got. */
async function mailedCode(token: string, to: string) {
  await db()
    .update(signingLink)
    .set({ codesSent: 0 })
    .where(eq(signingLink.linkTokenHash, sha256Hex(token)));
  const before = await delivered(to);
  const asked = await send({ url: "/api/signer/code", payload: { token } });
  expect(asked.statusCode, asked.body).toBe(200);
  const mail = await nextMail(to, before);
  expect(mail.subject).toBe("Your code to sign your documents");
  return codePattern.exec(decoded(mail.body))![1]!;
}

async function openSession(token: string, to: string) {
  const code = await mailedCode(token, to);
  const opened = await send({ url: "/api/signer/session", payload: { token, code } });
  expect(opened.statusCode, opened.body).toBe(200);
  return { cookie: cookiesFrom(opened.headers["set-cookie"]), setCookie: String(opened.headers["set-cookie"]), code };
}

const ceremony = async (cookie: string) => send({ method: "GET", url: "/api/signer/ceremony", cookie });
const consent = (cookie: string) => send({ url: "/api/signer/consent", cookie, payload: { agree: true } });
const typed = { kind: "typed", name: "Dana R. Whitfield", initials: "DRW" } as const;
const sign = (cookie: string, documentId: string, payload: object = { signature: typed, intent: true }) =>
  send({ url: `/api/signer/documents/${documentId}/sign`, cookie, payload });
const pdf = (cookie: string, documentId: string) =>
  send({ method: "GET", url: `/api/signer/documents/${documentId}/pdf`, cookie });

/** A session of the signer, consented, through the real link and code. */
async function consentedSession(seeded: SeededPackage, index: number) {
  const signer = seeded.signers[index]!;
  const { cookie } = await openSession(await seeded.linkToken(signer.id), signer.email);
  expect((await consent(cookie)).statusCode).toBe(200);
  return cookie;
}

const eventsOf = (packageId: string) =>
  db().select().from(signingEvent).where(eq(signingEvent.packageId, packageId)).orderBy(signingEvent.at);

describe("the signer's way in", () => {
  let seeded: SeededPackage;
  let token = "";
  beforeAll(async () => {
    seeded = await sentPackage();
    token = await seeded.linkToken(seeded.signers[0]!.id);
  });

  it("opens with the code mailed to the signer's own address: nothing of the documents before consent, then only their own", async () => {
    const dana = seeded.signers[0]!;
    const asked = await send({ url: "/api/signer/code", payload: { token } });
    expect(asked.json()).toEqual({ sentTo: "d•••@signer.example", expiresInMinutes: 10 });
    const { cookie, setCookie } = await openSession(token, dana.email);
    expect(setCookie).toMatch(/^signer_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=7200$/);

    const before = await ceremony(cookie);
    expect(before.statusCode).toBe(200);
    expect(before.headers["cache-control"]).toBe("no-store");
    expect(before.json()).toMatchObject({
      lenderName: lender,
      signerName: "Dana Whitfield",
      businessName: "HARBOR PAVING",
      status: "sent",
      yourTurn: true,
      consentedAt: null,
      documents: null,
      inPerson: null,
    });
    expect(before.body).not.toContain("Equipment finance agreement");
    expect((await pdf(cookie, dana.documents[0]!.id)).statusCode).toBe(409);
    const early = await sign(cookie, dana.documents[0]!.id);
    expect([early.statusCode, early.json().message]).toEqual([409, signerMessages.consentFirst]);

    const refused = await send({ url: "/api/signer/consent", cookie, payload: { agree: false } });
    expect([refused.statusCode, refused.json().message]).toEqual([400, "Please check the highlighted fields."]);
    expect((await consent(cookie)).statusCode).toBe(200);
    const after = (await ceremony(cookie)).json() as SignerCeremony;
    expect(after.documents!.map((document) => [document.title, document.pageCount, document.pages.length])).toEqual([
      ["Equipment finance agreement", 2, 2],
      ["Personal guaranty of Dana Whitfield", 1, 1],
      ["ACH debit authorization", 1, 1],
    ]);
    expect(after.documents![0]!.fields.map((field) => field.kind)).toEqual(
      expect.arrayContaining(["signature", "initials", "date", "name"]),
    );

    const download = await pdf(cookie, dana.documents[0]!.id);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(String(download.headers["content-disposition"])).toMatch(
      /^attachment; filename="Equipment finance agreement.pdf"/,
    );
    expect(download.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const [record] = await db().select().from(signingSigner).where(eq(signingSigner.id, dana.id));
    expect(record).toMatchObject({
      codeVerifiedAt: expect.any(Date),
      consentedAt: expect.any(Date),
      firstViewedAt: expect.any(Date),
    });
    const events = await eventsOf(seeded.packageId);
    expect(events.map((event) => event.kind)).toEqual([
      "code-sent",
      "code-sent",
      "code-verified",
      "consented",
      "viewed",
    ]);
    for (const event of events) expect(event).toMatchObject({ signerId: dana.id, userAgent: "CeremonyTest/1.0" });
    expect(events.every((event) => /^127\./.test(event.ipAddress ?? ""))).toBe(true);
    expect(events.find((event) => event.kind === "consented")!.detail).toBe(esignConsentStatement);
  });

  it("refuses a wrong code five times, then wants a new one; an expired code; a used code opens no second session", async () => {
    const dana = seeded.signers[0]!;
    const code = await mailedCode(token, dana.email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let left = signerCodeTries - 1; left > 0; left--) {
      const refused = await send({ url: "/api/signer/session", payload: { token, code: wrong } });
      expect([refused.statusCode, refused.json().details]).toEqual([
        400,
        [{ path: "/code", message: signerMessages.codeWrong(left) }],
      ]);
    }
    const last = await send({ url: "/api/signer/session", payload: { token, code: wrong } });
    expect([last.statusCode, last.json().message]).toEqual([409, signerMessages.codeUsedUp]);
    const tooLate = await send({ url: "/api/signer/session", payload: { token, code } });
    expect([tooLate.statusCode, tooLate.headers["set-cookie"]]).toEqual([409, undefined]);

    const fresh = await mailedCode(token, dana.email);
    await db()
      .update(signingLink)
      .set({ codeExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(signingLink.linkTokenHash, sha256Hex(token)));
    const stale = await send({ url: "/api/signer/session", payload: { token, code: fresh } });
    expect([stale.statusCode, stale.json().message]).toEqual([409, signerMessages.codeExpired]);

    const { code: used } = await openSession(token, dana.email);
    const replay = await send({ url: "/api/signer/session", payload: { token, code: used } });
    expect([replay.statusCode, replay.json().message, replay.headers["set-cookie"]]).toEqual([
      409,
      signerMessages.codeNone,
      undefined,
    ]);
  });

  it(`refuses an unknown, expired or malformed token, and sends at most ${signerCodesPerLinkPerHour} codes per link an hour`, async () => {
    const dana = seeded.signers[0]!;
    const expiring = await seeded.linkToken(dana.id);
    await db()
      .update(signingLink)
      .set({ linkExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(signingLink.linkTokenHash, sha256Hex(expiring)));
    for (const url of ["/api/signer/code", "/api/signer/session"]) {
      const gone = await send({ url, payload: { token: expiring, code: "123456" } });
      expect([url, gone.statusCode, gone.json().message]).toEqual([url, 410, signerMessages.linkUnknown]);
      expect((await send({ url, payload: { token: "A".repeat(43), code: "123456" } })).statusCode).toBe(410);
      expect((await send({ url, payload: { token: "short", code: "123456" } })).statusCode).toBe(400);
    }
    const many = await seeded.linkToken(dana.id);
    for (let sent = 0; sent < signerCodesPerLinkPerHour; sent++)
      expect((await send({ url: "/api/signer/code", payload: { token: many } })).statusCode).toBe(200);
    const refused = await send({ url: "/api/signer/code", payload: { token: many } });
    expect([refused.statusCode, refused.json().message]).toEqual([429, signerMessages.tooManyCodes(60)]);
  });

  it("never mails a code to an address that belongs to a user of the product (a dealer who typed its own)", async () => {
    const own = await sentPackage({
      signers: [
        { name: "Dealer Typed Own", email: dealer.email.toUpperCase(), signsForBusiness: true, guarantor: true },
      ],
    });
    const before = await delivered(dealer.email);
    const refused = await send({
      url: "/api/signer/code",
      payload: { token: await own.linkToken(own.signers[0]!.id) },
    });
    expect([refused.statusCode, refused.json().message]).toEqual([410, signerMessages.linkUnknown]);
    expect(await delivered(dealer.email)).toBe(before);
  });

  it("closes on sign-out and after two hours; a made-up cookie counts as a refused credential", async () => {
    const dana = seeded.signers[0]!;
    const first = await openSession(token, dana.email);
    const out = await send({ url: "/api/signer/sign-out", cookie: first.cookie });
    expect([out.statusCode, String(out.headers["set-cookie"])]).toEqual([200, expect.stringContaining("Max-Age=0")]);
    const after = await ceremony(first.cookie);
    expect([after.statusCode, after.json().message]).toEqual([401, signerMessages.sessionEnded]);
    const second = await openSession(token, dana.email);
    await db()
      .update(signingLink)
      .set({ sessionExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(signingLink.linkTokenHash, sha256Hex(token)));
    expect((await ceremony(second.cookie)).statusCode).toBe(401);
    const from = loopbackAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push(
        (
          await server.app.inject({
            url: "/api/signer/ceremony",
            remoteAddress: from,
            headers: { cookie: `signer_session=${"x".repeat(43)}` },
          })
        ).statusCode,
      );
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("signing", () => {
  it("signs each document under the intent statement, adopting the signature once; the signer's last one emits documents.signed", async () => {
    const seeded = await sentPackage();
    const dana = seeded.signers[0]!;
    const cookie = await consentedSession(seeded, 0);
    const [agreement, guaranty, ach] = dana.documents;

    const noIntent = await sign(cookie, agreement!.id, { signature: typed });
    expect(noIntent.statusCode).toBe(400);
    const noSignature = await sign(cookie, agreement!.id, { intent: true });
    expect([noSignature.statusCode, noSignature.json().details]).toEqual([
      400,
      [{ path: "/signature", message: signerMessages.adoptFirst }],
    ]);
    const notPng = await sign(cookie, agreement!.id, {
      signature: { ...typed, kind: "drawn", drawnPng: "R0lGODlhAQABAAAAACw=" },
      intent: true,
    });
    expect(notPng.statusCode).toBe(400);
    // The PNG signature's base64 but not a picture: refused once decoded.
    const fakePng = await sign(cookie, agreement!.id, {
      signature: { ...typed, kind: "drawn", drawnPng: "iVBORw0KGgoAAAA" },
      intent: true,
    });
    expect(fakePng.statusCode).toBe(400);
    const drawnWithout = await sign(cookie, agreement!.id, { signature: { ...typed, kind: "drawn" }, intent: true });
    expect(drawnWithout.statusCode).toBe(400);

    const first = await sign(cookie, agreement!.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ ok: true, finished: false });
    const again = await sign(cookie, agreement!.id);
    expect([again.statusCode, again.json().message]).toEqual([409, signerMessages.documentSigned]);
    // Later documents use the signature adopted first.
    expect((await sign(cookie, guaranty!.id, { intent: true })).json()).toMatchObject({ finished: false });
    const view = (await ceremony(cookie)).json() as SignerCeremony;
    expect(view.adopted).toEqual({ ...typed, drawnPng: null, drawnInitialsPng: null });
    expect(view.documents!.map((document) => document.signedAt !== null)).toEqual([true, true, false]);
    expect((await sign(cookie, ach!.id, { intent: true })).json()).toMatchObject({ finished: true });

    const [record] = await db().select().from(signingSigner).where(eq(signingSigner.id, dana.id));
    expect(record).toMatchObject({
      signedAt: expect.any(Date),
      adoptedName: "Dana R. Whitfield",
      adoptedInitials: "DRW",
      adoptedKind: "typed",
      userAgent: "CeremonyTest/1.0",
    });
    const signed = (await eventsOf(seeded.packageId)).filter((event) => event.kind === "signed");
    expect(signed.map((event) => [event.documentId, event.detail])).toEqual(
      dana.documents.map((document) => [document.id, document.title]),
    );
    const [webhook] = await db()
      .select()
      .from(webhookEvent)
      .where(and(eq(webhookEvent.vendorCompanyId, dealer.companyId), eq(webhookEvent.type, "documents.signed")));
    expect(JSON.stringify(webhook!.payload)).toContain(dana.id);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "signing.document-signed"), eq(auditLog.subject, seeded.dealId)));
    expect(audits).toHaveLength(3);
    // Ben has not signed: the package is still out for signature.
    const [pkg] = await db().select().from(signingPackage).where(eq(signingPackage.id, seeded.packageId));
    expect(pkg!.status).toBe("sent");
    // Dana's link asks for no more codes; her open session shows she is done.
    const done = await send({ url: "/api/signer/code", payload: { token: await seeded.linkToken(dana.id) } });
    expect([done.statusCode, done.json().message]).toEqual([410, signerMessages.alreadySigned]);
    expect(((await ceremony(cookie)).json() as SignerCeremony).signedAt).not.toBeNull();
  });

  it("takes a drawn signature, and keeps the typed name beside it", async () => {
    const seeded = await sentPackage();
    const ben = seeded.signers[1]!;
    const cookie = await consentedSession(seeded, 1);
    const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
    const signed = await sign(cookie, ben.documents[0]!.id, {
      signature: { kind: "drawn", name: "Ben Carter", initials: "BC", drawnPng: png },
      intent: true,
    });
    expect(signed.json()).toMatchObject({ ok: true, finished: true });
    const [record] = await db().select().from(signingSigner).where(eq(signingSigner.id, ben.id));
    expect(record).toMatchObject({ adoptedKind: "drawn", adoptedName: "Ben Carter", drawnPng: png });
  });

  it("never lets a signer reach another signer's document or another package: 404, and no answer holds another signer's data", async () => {
    const seeded = await sentPackage();
    const otherPackage = await sentPackage();
    const [dana, ben] = seeded.signers;
    const cookie = await consentedSession(seeded, 1);
    const answers: string[] = [];
    const record = async (response: Awaited<ReturnType<typeof send>>) => {
      answers.push(response.body);
      return response;
    };
    const view = (await record(await ceremony(cookie))).json() as SignerCeremony;
    expect(view.documents!.map((document) => document.title)).toEqual(["Personal guaranty of Ben Carter"]);
    const foreign = [...dana!.documents, ...otherPackage.signers.flatMap((signer) => signer.documents)];
    for (const document of foreign) {
      expect([document.title, (await record(await pdf(cookie, document.id))).statusCode]).toEqual([
        document.title,
        404,
      ]);
      expect([
        document.title,
        (await record(await sign(cookie, document.id, { signature: typed, intent: true }))).statusCode,
      ]).toEqual([document.title, 404]);
    }
    await record(
      await sign(cookie, ben!.documents[0]!.id, {
        signature: { ...typed, name: "Ben Carter", initials: "BC" },
        intent: true,
      }),
    );
    await record(await ceremony(cookie));
    const otherEmails = [dana!.email, ...otherPackage.signers.map((signer) => signer.email)];
    for (const answer of answers) {
      for (const secret of [...otherEmails, ...foreign.map((document) => document.id)])
        expect(answer).not.toContain(secret);
      expect(answer).not.toContain("Equipment finance agreement");
      expect(answer).not.toContain("Personal guaranty of Dana");
    }
    // Nothing of Dana's was signed by Ben's requests.
    const danaDocuments = await db().select().from(signingDocument).where(eq(signingDocument.signerId, dana!.id));
    expect(danaDocuments.every((document) => document.signedAt === null)).toBe(true);
    // The signer's cookie opens nothing else: not the portal, not the back office, not the applicant's page.
    for (const url of [
      "/api/portal/deals",
      `/api/back-office/deals/${seeded.dealId}`,
      "/api/me",
      "/api/applicant/application",
    ])
      expect([url, (await send({ method: "GET", url, cookie })).statusCode]).toEqual([url, 401]);
  });

  it("in order: the next signer waits, and is asked by mail once the one before has signed everything", async () => {
    const seeded = await sentPackage({ inOrder: true });
    const [dana, ben] = seeded.signers;
    const benEarly = await seeded.linkToken(ben!.id);
    const waiting = await send({ url: "/api/signer/code", payload: { token: benEarly } });
    expect([waiting.statusCode, waiting.json().message]).toEqual([
      409,
      "Dana Whitfield signs first. We will e-mail you when it is your turn.",
    ]);
    const before = await delivered(ben!.email);
    const cookie = await consentedSession(seeded, 0);
    for (const [index, document] of dana!.documents.entries())
      expect((await sign(cookie, document.id, index === 0 ? undefined : { intent: true })).statusCode).toBe(200);
    const request = await nextMail(ben!.email, before);
    expect(request.subject).toBe(`Please sign your documents from ${lender}`);
    expect(decoded(request.body)).toContain("Personal guaranty of Ben Carter");
    const token = /\/sign#([A-Za-z0-9_-]{43})/.exec(decoded(request.body))![1]!;
    const [record] = await db().select().from(signingSigner).where(eq(signingSigner.id, ben!.id));
    expect(record!.notifiedAt).toBeInstanceOf(Date);
    const { cookie: benCookie } = await openSession(token, ben!.email);
    expect(((await ceremony(benCookie)).json() as SignerCeremony).yourTurn).toBe(true);
    // The request's link is hidden in the outbox.
    const [stored] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, ben!.email), eq(mailOutbox.subject, request.subject)));
    expect(JSON.stringify(stored)).toContain("/sign#[hidden-1]");
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("completes the package once its last signer signs the last document", async () => {
    const seeded = await sentPackage();
    const [dana, ben] = seeded.signers;
    const danaCookie = await consentedSession(seeded, 0);
    const benCookie = await consentedSession(seeded, 1);
    for (const [index, document] of dana!.documents.entries())
      expect((await sign(danaCookie, document.id, index === 0 ? undefined : { intent: true })).statusCode).toBe(200);
    const [before] = await db().select().from(signingPackage).where(eq(signingPackage.id, seeded.packageId));
    expect(before!.status).toBe("sent");
    const last = await sign(benCookie, ben!.documents[0]!.id, {
      signature: { kind: "typed", name: "Ben Carter", initials: "BC" },
      intent: true,
    });
    expect(last.json()).toMatchObject({ ok: true, finished: true });
    const [after] = await db().select().from(signingPackage).where(eq(signingPackage.id, seeded.packageId));
    expect(after).toMatchObject({ status: "completed", completedAt: expect.any(Date) });
    // The signer's page now says the package is complete.
    const view = (await ceremony(benCookie)).json() as SignerCeremony;
    expect([view.status, view.message, view.yourTurn]).toEqual(["completed", signerMessages.completed, false]);
  });

  it("sends a request or a reminder from notifySigner, each with a new link that lives until the package expires", async () => {
    const seeded = await sentPackage();
    const ben = seeded.signers[1]!;
    const before = await delivered(ben.email);
    const { token } = await server.app.db.transaction((tx) => notifySigner(tx, context(), ben.id, { reminder: true }));
    const mail = await nextMail(ben.email, before);
    expect(mail.subject).toBe(`Reminder: please sign your documents from ${lender}`);
    expect(decoded(mail.body)).toContain(`/sign#${token}`);
    const [link] = await db()
      .select()
      .from(signingLink)
      .where(eq(signingLink.linkTokenHash, sha256Hex(token)));
    const [pkg] = await db().select().from(signingPackage).where(eq(signingPackage.id, seeded.packageId));
    expect(link!.linkExpiresAt).toEqual(pkg!.expiresAt);
    const [record] = await db().select().from(signingSigner).where(eq(signingSigner.id, ben.id));
    expect([record!.remindersSent, record!.lastRemindedAt]).toEqual([1, expect.any(Date)]);
  });
});

describe("declining and withdrawn packages", () => {
  it("declines with a reason: the package ends for everyone, the credit team and the dealer are mailed, the webhook and audit recorded", async () => {
    const seeded = await sentPackage();
    const [dana, ben] = seeded.signers;
    const benCookie = await consentedSession(seeded, 1);
    const cookie = await consentedSession(seeded, 0);
    const empty = await send({ url: "/api/signer/decline", cookie, payload: { reason: "  " } });
    expect([empty.statusCode, empty.json().message]).toEqual([400, "Please check the highlighted fields."]);
    const creditBefore = await delivered(creditTeam);
    const dealerBefore = await delivered(dealer.email);
    const reason = "The payment is higher than we agreed with the dealer.";
    const declined = await send({ url: "/api/signer/decline", cookie, payload: { reason } });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(String(declined.headers["set-cookie"])).toContain("Max-Age=0");

    const [pkg] = await db().select().from(signingPackage).where(eq(signingPackage.id, seeded.packageId));
    expect(pkg).toMatchObject({ status: "declined", endedAt: expect.any(Date), endedReason: reason });
    const [record] = await db().select().from(signingSigner).where(eq(signingSigner.id, dana!.id));
    expect(record).toMatchObject({ declinedAt: expect.any(Date), declineReason: reason });
    const events = await eventsOf(seeded.packageId);
    expect(events.filter((event) => event.kind === "declined")).toEqual([
      expect.objectContaining({ signerId: dana!.id, detail: reason, userAgent: "CeremonyTest/1.0" }),
    ]);
    const credit = await nextMail(creditTeam, creditBefore);
    expect(credit.subject).toBe("Documents declined: HARBOR PAVING (" + credit.subject.split("(")[1]);
    expect(decoded(credit.body)).toContain(reason);
    const dealerMail = await nextMail(dealer.email, dealerBefore);
    expect(dealerMail.subject).toMatch(/^Your customer declined to sign: HARBOR PAVING/);
    expect(decoded(dealerMail.body)).toContain("Dana Whitfield declined to sign");
    const [webhook] = await db()
      .select()
      .from(webhookEvent)
      .where(and(eq(webhookEvent.vendorCompanyId, dealer.companyId), eq(webhookEvent.type, "documents.declined")));
    expect(JSON.stringify(webhook!.payload)).toContain(seeded.packageId);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "signing.declined"), eq(auditLog.subject, seeded.dealId)));
    expect(audit).toMatchObject({ actorUserId: null });

    // Every session of the package is closed at once, and its links ask for no code.
    const closed = await ceremony(benCookie);
    expect([closed.statusCode, closed.json().message]).toEqual([410, signerMessages.declined(lender)]);
    const signAfter = await sign(benCookie, ben!.documents[0]!.id);
    expect(signAfter.statusCode).toBe(410);
    const code = await send({ url: "/api/signer/code", payload: { token: await seeded.linkToken(ben!.id) } });
    expect(code.statusCode).toBe(410);
  });

  it("closes every session of a voided or expired package at once, in the lender's words", async () => {
    const seeded = await sentPackage();
    const cookie = await consentedSession(seeded, 0);
    await db().update(signingPackage).set({ status: "voided" }).where(eq(signingPackage.id, seeded.packageId));
    const voided = await ceremony(cookie);
    expect([voided.statusCode, voided.json().message]).toEqual([
      410,
      `These documents were withdrawn by ${lender}. You do not need to sign them. Your finance specialist will contact you if new documents are needed.`,
    ]);
    const code = await send({
      url: "/api/signer/code",
      payload: { token: await seeded.linkToken(seeded.signers[0]!.id) },
    });
    expect([code.statusCode, code.json().message]).toEqual([410, signerMessages.voided(lender)]);

    const late = await sentPackage();
    const lateCookie = await consentedSession(late, 0);
    await db()
      .update(signingPackage)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(signingPackage.id, late.packageId));
    const expired = await ceremony(lateCookie);
    expect([expired.statusCode, expired.json().message]).toEqual([410, signerMessages.expired(lender)]);
  });
});

describe("in person at the dealer's", () => {
  const start = (cookie: string, dealId: string, signerId: string) =>
    send({ url: `/api/portal/deals/${dealId}/signing/signers/${signerId}/in-person`, cookie });
  const confirm = (cookie: string, dealId: string, signerId: string, payload: object) =>
    send({ url: `/api/portal/deals/${dealId}/signing/signers/${signerId}/in-person/session`, cookie, payload });

  it("lets the deal's own dealer open the ceremony with the code from the signer's own mailbox, recorded in person", async () => {
    const seeded = await sentPackage();
    const dana = seeded.signers[0]!;
    // Another company's vendor, or a signer of another deal: not found.
    expect((await start(stranger.cookie, seeded.dealId, dana.id)).statusCode).toBe(404);
    const other = await sentPackage();
    expect((await start(dealer.cookie, seeded.dealId, other.signers[0]!.id)).statusCode).toBe(404);

    const before = await delivered(dana.email);
    const started = await start(dealer.cookie, seeded.dealId, dana.id);
    expect(started.statusCode, started.body).toBe(200);
    const body = started.json() as InPersonStarted;
    expect(body).toMatchObject({
      signerName: "Dana Whitfield",
      dealerName: "Signing Motors",
      sentTo: "d•••@signer.example",
      expiresInMinutes: 10,
    });
    const mail = await nextMail(dana.email, before);
    expect(mail.subject).toBe("Your code to sign your documents");
    expect(decoded(mail.body)).toContain("signing in person");
    expect(decoded(mail.body)).not.toContain(body.token);
    const code = codePattern.exec(decoded(mail.body))![1]!;

    // The in-person token opens nothing from the public endpoints, nor for another company's vendor.
    expect((await send({ url: "/api/signer/code", payload: { token: body.token } })).statusCode).toBe(410);
    expect((await send({ url: "/api/signer/session", payload: { token: body.token, code } })).statusCode).toBe(410);
    expect((await confirm(stranger.cookie, seeded.dealId, dana.id, { token: body.token, code })).statusCode).toBe(404);
    const wrong = await confirm(dealer.cookie, seeded.dealId, dana.id, {
      token: body.token,
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.statusCode).toBe(400);

    const opened = await confirm(dealer.cookie, seeded.dealId, dana.id, { token: body.token, code });
    expect(opened.statusCode, opened.body).toBe(200);
    const signerCookie = cookiesFrom(opened.headers["set-cookie"]);
    expect(signerCookie).toMatch(/^signer_session=/);
    const view = (await ceremony(signerCookie)).json() as SignerCeremony;
    expect(view).toMatchObject({ signerName: "Dana Whitfield", inPerson: { dealerName: "Signing Motors" } });
    expect((await consent(signerCookie)).statusCode).toBe(200);
    expect((await sign(signerCookie, dana.documents[0]!.id)).statusCode).toBe(200);

    const [record] = await db().select().from(signingSigner).where(eq(signingSigner.id, dana.id));
    expect(record!.inPersonHostUserId).toBe(dealer.userId);
    const verified = (await eventsOf(seeded.packageId)).find((event) => event.kind === "code-verified");
    expect(verified).toMatchObject({ actorUserId: dealer.userId, detail: "in person at Signing Motors" });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "signing.in-person-started"), eq(auditLog.subject, seeded.dealId)));
    expect(audit).toMatchObject({ actorUserId: dealer.userId });
    // Staff and the dealer API never opened a session: the link's session is on this device only.
    const links = await db().select().from(signingLink).where(eq(signingLink.signerId, dana.id));
    expect(links.filter((link) => link.inPersonHostUserId === dealer.userId)).toHaveLength(1);
  });

  it("caps the in-person starts (each mails a code) per signer an hour", async () => {
    const seeded = await sentPackage();
    const ben = seeded.signers[1]!;
    for (let i = 0; i < 5; i++) expect((await start(dealer.cookie, seeded.dealId, ben.id)).statusCode).toBe(200);
    const refused = await start(dealer.cookie, seeded.dealId, ben.id);
    expect(refused.statusCode).toBe(429);
  });
});

describe("secrets", () => {
  it("keeps every code and link out of the outbox, its API and the log", async () => {
    const seeded = await sentPackage();
    const dana = seeded.signers[0]!;
    const token = await seeded.linkToken(dana.id);
    const { code } = await openSession(token, dana.email);
    const rows = await db().select().from(mailOutbox).where(eq(mailOutbox.to, dana.email));
    const stored = JSON.stringify(rows);
    expect(stored).toContain("Your code is [hidden-text-1]");
    const outbox = await send({ method: "GET", url: "/api/back-office/outbox", cookie: admin });
    const linkRows = JSON.stringify(await db().select().from(signingLink));
    for (const copy of [stored, outbox.body, server.logs(), linkRows]) {
      expect(copy).not.toContain(token);
      expect(copy).not.toContain(`Your code is ${code}`);
    }
    expect(server.logs()).not.toContain(code);
  });
});
