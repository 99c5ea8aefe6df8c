import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import {
  applicantCodeTries,
  applicantCodesPerLinkPerHour,
  applicantMessages,
} from "#domain/applicant-portal/applicant-access.ts";
import type { ApplicantApplication } from "#domain/applicant-portal/contracts.ts";
import { blankFunderAnswer, type DealFunders } from "#domain/funders/deal-funder-contracts.ts";
import { sampleCreditApplication, sampleNewDealFields } from "../demo/sample-requests.ts";
import { SmtpCatcher } from "../../tests/support/smtp-catcher.ts";
import { multipartBody, notReallyPdf, samplePdf } from "../../tests/support/multipart.ts";
import {
  cookiesFrom,
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
import { createAccount } from "../accounts/create-account.ts";
import { mailOutbox } from "../mail/tables.ts";
import { funderSetting } from "../funders/tables.ts";
import { dealStip, dealStipDocument, dealStipEvent } from "../stips/tables.ts";
import { auditLog } from "../audit/tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { sha256Hex } from "../shared/crypto/link-token.ts";
import { applicantAccess } from "./tables.ts";

// The applicant's own page (docs/product-rules.md#r56-the-applicants-page): a status mail's link, a mailed
// one-time code, a session cookie; the page's answers and what they never hold.

let server: TestServer;
let smtp: SmtpCatcher;
let admin = "";
let staff = "";
let vendor = "";

/** What the seeded deals hold that the applicant's page must never show. */
const secrets = {
  taxId: "98-7654321",
  taxIdDigits: "987654321",
  dob: "1980-02-03",
  ssn: "531-86-4207",
  ssnDigits: "531864207",
  comment: "DEALER-ONLY COMMENT: customer haggles hard",
  notes: "CREDIT-TEAM NOTE: thin file, watch the bank statements",
  message: "CREDIT-TEAM MESSAGE to the dealer: call me about the guarantor",
  waiver: "CREDIT-TEAM WAIVER: lender does not need it for this amount",
  funder: "Pinecrest Equipment Funding",
};

beforeAll(async () => {
  smtp = await new SmtpCatcher().start();
  server = await startTestServer({ SMTP_URL: smtp.url });
  for (const [email, role] of [
    ["admin@applicant.example", authRoles.admin],
    ["staff@applicant.example", authRoles.staff],
  ] as const)
    await createAccount(server.auth, {
      email,
      name: role,
      role,
      password: "applicant-password-1",
      emailVerified: true,
    });
  admin = (await signIn(server.app, "admin@applicant.example", "applicant-password-1")).cookie;
  staff = (await signIn(server.app, "staff@applicant.example", "applicant-password-1")).cookie;
  const dealer = await createVendor(server.database, server.auth, "Applicant Motors");
  vendor = (await signIn(server.app, dealer.email, dealer.password)).cookie;
});
afterAll(async () => {
  await server?.close();
  await smtp?.stop();
});

type Sent = {
  method?: "GET" | "POST" | "PATCH" | "PUT";
  url: string;
  cookie?: string;
  payload?: object;
  origin?: string;
};
const send = ({ method = "POST", url, cookie = "", payload, origin = testOrigin }: Sent) =>
  server.app.inject({
    method,
    url,
    payload,
    remoteAddress: loopbackAddress(),
    headers: { cookie, origin },
  });

const linkPattern = /\/application#([A-Za-z0-9_-]{43})/;
const codePattern = /Your code is (\d{6})/;

/** A vendor's deal for a new applicant address, with the secrets above typed into it, a staff note and message. */
async function dealFor(applicant: string, businessName: string) {
  const upload = multipartBody(
    {
      deal: JSON.stringify(
        sampleNewDealFields({
          businessName,
          businessEmail: applicant,
          businessTaxId: secrets.taxId,
          dobContact: secrets.dob,
          VendorComment: secrets.comment,
        }),
      ),
    },
    [{ field: "client-info", name: "application.pdf", content: samplePdf }],
  );
  const created = await server.app.inject({
    method: "POST",
    url: "/api/portal/deals",
    payload: upload.payload,
    remoteAddress: loopbackAddress(),
    headers: { cookie: vendor, origin: testOrigin, "content-type": upload.contentType },
  });
  const dealId = (created.json() as { id: string }).id;
  await send({
    method: "PATCH",
    url: `/api/back-office/deals/${dealId}`,
    cookie: staff,
    payload: { notes: secrets.notes },
  });
  const message = multipartBody({ body: secrets.message }, []);
  await server.app.inject({
    method: "POST",
    url: `/api/back-office/deals/${dealId}/messages`,
    payload: message.payload,
    remoteAddress: loopbackAddress(),
    headers: { cookie: staff, origin: testOrigin, "content-type": message.contentType },
  });
  return dealId;
}

/** Staff send the deal to a funder, record its approval and present it: the deal becomes Approved and the applicant is mailed. */
async function approve(dealId: string) {
  const created = await send({
    url: "/api/back-office/funders",
    cookie: admin,
    payload: {
      name: `${secrets.funder} ${randomUUID().slice(0, 6)}`,
      contactName: "",
      contactEmail: "",
      contactPhone: "",
      programs: "equipment-finance",
      minCreditScore: "",
      minMonthsInBusiness: "",
      minAmount: "",
      maxAmount: "",
      industries: "",
      states: "",
      active: true,
    },
  });
  const funderId = (created.json() as { funder: { id: string } }).funder.id;
  const sent = await send({
    url: `/api/back-office/deals/${dealId}/funders`,
    cookie: staff,
    payload: { funderIds: [funderId] },
  });
  const submission = (sent.json() as DealFunders).submissions[0]!;
  const answered = await send({
    url: `/api/back-office/deals/${dealId}/funders/${submission.id}/answers`,
    cookie: staff,
    payload: {
      ...blankFunderAnswer,
      decision: "approved",
      amount: "75,000",
      termMonths: "60",
      payment: "1,525.40",
      downPayment: "5,000",
      expiresOn: "2099-12-26",
      note: secrets.notes,
    },
  });
  const answer = (answered.json() as DealFunders).submissions[0]!.answers[0]!;
  const presented = await send({
    url: `/api/back-office/deals/${dealId}/funders/${submission.id}/answers/${answer.id}/present`,
    cookie: staff,
  });
  expect(presented.statusCode).toBe(200);
}

/** The token of the newest mailed link to the applicant's page for an address. */
async function mailedLink(to: string, subject: string) {
  const mail = await smtp.waitFor((each) => each.to.includes(to) && each.subject === subject);
  return linkPattern.exec(mail.body)![1]!;
}

/** Waits until every mail queued to the address reached the SMTP server; answers how many it got. */
async function delivered(to: string) {
  for (;;) {
    const rows = await server.database.db
      .select({ status: mailOutbox.status })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to));
    const received = smtp.mails.filter((mail) => mail.to.includes(to)).length;
    if (rows.every((row) => row.status === "sent") && received >= rows.length) return received;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Asks for a code with the link's token and answers the code the applicant got (the hourly cap has its own test). */
async function mailedCode(token: string, to: string) {
  await server.database.db
    .update(applicantAccess)
    .set({ codesSent: 0 })
    .where(eq(applicantAccess.linkTokenHash, sha256Hex(token)));
  const before = await delivered(to);
  const asked = await send({ url: "/api/applicant/code", payload: { token } });
  expect(asked.statusCode, asked.body).toBe(200);
  await smtp.waitFor(
    (mail) => mail.to.includes(to) && smtp.mails.filter((each) => each.to.includes(to)).length > before,
  );
  const mail = smtp.mails.filter((each) => each.to.includes(to)).at(-1)!;
  expect(mail.subject).toBe("Your code to see your application");
  return codePattern.exec(mail.body)![1]!;
}

async function signInAsApplicant(token: string, to: string) {
  const code = await mailedCode(token, to);
  const opened = await send({ url: "/api/applicant/session", payload: { token, code } });
  expect(opened.statusCode, opened.body).toBe(200);
  return { cookie: cookiesFrom(opened.headers["set-cookie"]), setCookie: String(opened.headers["set-cookie"]), code };
}

const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@applicant.example`;

describe("the applicant's page", () => {
  const applicant = address("owner");
  let dealId = "";
  let token = "";
  const answers: string[] = [];
  const readPage = async (cookie: string) => {
    const page = await send({ method: "GET", url: "/api/applicant/application", cookie });
    answers.push(page.body);
    return page;
  };

  beforeAll(async () => {
    dealId = await dealFor(applicant, "Harbor Paving");
    await approve(dealId);
    // Presenting requested the catalog's defaults; these stand in for them, one of each kind and status.
    await server.database.db.delete(dealStip).where(eq(dealStip.dealId, dealId));
    await server.database.db.insert(dealStip).values([
      { dealId, name: "Bank statements (last 3 months)", description: "Every page.", satisfiedBy: "applicant" },
      {
        dealId,
        name: "Voided business check",
        satisfiedBy: "applicant",
        status: "rejected",
        reason: "The check is not from the business account.",
      },
      { dealId, name: "Certificate of insurance", satisfiedBy: "applicant", status: "waived", reason: secrets.waiver },
      { dealId, name: "Equipment invoice", satisfiedBy: "dealer" },
      { dealId, name: "Verification of identity (staff)", satisfiedBy: "staff" },
    ]);
    token = await mailedLink(applicant, "Good news: your financing application is approved");
  });

  it("opens from a status mail's link with a mailed code: the status in plain words, the approval, the applicant's own stips", async () => {
    const asked = await send({ url: "/api/applicant/code", payload: { token } });
    answers.push(asked.body);
    expect(asked.json()).toEqual({ sentTo: "o•••@applicant.example", expiresInMinutes: 10 });
    const { cookie, setCookie } = await signInAsApplicant(token, applicant);
    expect(setCookie).toMatch(
      /^applicant_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=7200$/,
    );
    const page = await readPage(cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    const body = page.json() as ApplicantApplication;
    expect(body).toMatchObject({
      businessName: "HARBOR PAVING",
      status: { stage: 2, headline: "You are approved" },
      approval: {
        amountCents: 7_500_000,
        termMonths: 60,
        paymentCents: 152_540,
        downPaymentCents: 500_000,
        expiresOn: "2099-12-26",
        funderName: null,
      },
    });
    expect(body.stips.map((stip) => [stip.name, stip.status, stip.reason, stip.takesFiles])).toEqual([
      ["Voided business check", "rejected", "The check is not from the business account.", true],
      ["Bank statements (last 3 months)", "requested", "", true],
      ["Certificate of insurance", "waived", "", false],
    ]);
  });

  it("names the funder only when the network's setting shows it", async () => {
    const { cookie } = await signInAsApplicant(token, applicant);
    await server.database.db.update(funderSetting).set({ showFunderName: true });
    try {
      const shown = (await readPage(cookie)).json() as ApplicantApplication;
      expect(shown.approval!.funderName).toMatch(new RegExp(`^${secrets.funder}`));
    } finally {
      await server.database.db.update(funderSetting).set({ showFunderName: false });
    }
    expect(((await readPage(cookie)).json() as ApplicantApplication).approval!.funderName).toBeNull();
  });

  it("never answers an SSN, tax id, date of birth, the dealer's comment or the credit team's notes and messages", async () => {
    // A customer who applied through the dealer's link: the application (SSNs, tax id) made a referred deal whose
    // "received" mail links to the page.
    const [company] = await server.database.db
      .select()
      .from(vendorCompany)
      .where(eq(vendorCompany.name, "Applicant Motors"));
    const referredTo = address("referred");
    const applied = await send({
      url: "/api/leads/credit-application",
      payload: sampleCreditApplication({ vendorSlug: company!.slug, businessEmail: referredTo }),
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const referredToken = await mailedLink(referredTo, "We received your credit application");
    const referred = await signInAsApplicant(referredToken, referredTo);
    const referredPage = await readPage(referred.cookie);
    expect((referredPage.json() as ApplicantApplication).status.headline).toBe("We received your application");
    const { cookie } = await signInAsApplicant(token, applicant);
    await readPage(cookie);
    expect(answers.length).toBeGreaterThan(4);
    for (const answer of answers)
      for (const [name, secret] of Object.entries(secrets).filter(([name]) => name !== "funder"))
        expect(answer, name).not.toContain(secret);
    // The funder's name only while the setting showed it (above); never the answer's own note.
    expect(answers.filter((answer) => answer.includes(secrets.funder))).toHaveLength(1);
  });

  it("refuses a wrong code five times, then wants a new code; a new code opens the page", async () => {
    const code = await mailedCode(token, applicant);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let left = applicantCodeTries - 1; left > 0; left--) {
      const refused = await send({ url: "/api/applicant/session", payload: { token, code: wrong } });
      expect([refused.statusCode, refused.json().details]).toEqual([
        400,
        [{ path: "/code", message: applicantMessages.codeWrong(left) }],
      ]);
    }
    const last = await send({ url: "/api/applicant/session", payload: { token, code: wrong } });
    expect([last.statusCode, last.json().message]).toEqual([409, applicantMessages.codeUsedUp]);
    const tooLate = await send({ url: "/api/applicant/session", payload: { token, code } });
    expect([tooLate.statusCode, tooLate.json().message]).toEqual([409, applicantMessages.codeUsedUp]);
    expect(tooLate.headers["set-cookie"]).toBeUndefined();
    const { cookie } = await signInAsApplicant(token, applicant);
    expect((await readPage(cookie)).statusCode).toBe(200);
  });

  it("refuses an expired code, an expired link, an unknown or malformed token", async () => {
    const owner = address("expired");
    const expiredDeal = await dealFor(owner, "Expired Link Farms");
    await send({ method: "PATCH", url: `/api/back-office/deals/${expiredDeal}`, cookie: staff, payload: { stage: 2 } });
    const expiredToken = await mailedLink(owner, "Good news: your financing application is approved");
    const code = await mailedCode(expiredToken, owner);
    await server.database.db
      .update(applicantAccess)
      .set({ codeExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(applicantAccess.dealId, expiredDeal));
    const stale = await send({ url: "/api/applicant/session", payload: { token: expiredToken, code } });
    expect([stale.statusCode, stale.json().message]).toEqual([409, applicantMessages.codeExpired]);
    await server.database.db
      .update(applicantAccess)
      .set({ linkExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(applicantAccess.dealId, expiredDeal));
    for (const url of ["/api/applicant/code", "/api/applicant/session"]) {
      const gone = await send({ url, payload: { token: expiredToken, code } });
      expect([url, gone.statusCode, gone.json().message]).toEqual([url, 410, applicantMessages.linkUnknown]);
      const unknown = await send({ url, payload: { token: "A".repeat(43), code } });
      expect([url, unknown.statusCode]).toEqual([url, 410]);
      const malformed = await send({ url, payload: { token: "short", code } });
      expect([url, malformed.statusCode]).toEqual([url, 400]);
    }
  });

  it(`sends at most ${applicantCodesPerLinkPerHour} codes per link an hour`, async () => {
    const owner = address("codes");
    const codesDeal = await dealFor(owner, "Many Codes Bakery");
    await send({ method: "PATCH", url: `/api/back-office/deals/${codesDeal}`, cookie: staff, payload: { stage: 2 } });
    const codesToken = await mailedLink(owner, "Good news: your financing application is approved");
    for (let sent = 0; sent < applicantCodesPerLinkPerHour; sent++)
      expect((await send({ url: "/api/applicant/code", payload: { token: codesToken } })).statusCode).toBe(200);
    const refused = await send({ url: "/api/applicant/code", payload: { token: codesToken } });
    expect([refused.statusCode, refused.json().message]).toEqual([429, applicantMessages.tooManyCodes(60)]);
  });

  it("opens only the link's own deal: another deal's token mails that deal's applicant, and a session reads only its deal", async () => {
    const other = address("other");
    const otherDeal = await dealFor(other, "Other Orchard");
    await send({ method: "PATCH", url: `/api/back-office/deals/${otherDeal}`, cookie: staff, payload: { stage: 3 } });
    const otherToken = await mailedLink(other, "Your financing documents are on their way");
    const mine = smtp.mails.filter((mail) => mail.to.includes(applicant)).length;
    const theirs = await signInAsApplicant(otherToken, other);
    expect(smtp.mails.filter((mail) => mail.to.includes(applicant)).length).toBe(mine);
    const theirPage = (await readPage(theirs.cookie)).json() as ApplicantApplication;
    expect(theirPage).toMatchObject({
      businessName: "OTHER ORCHARD",
      status: { headline: "Your documents are on their way" },
    });
    expect(theirPage.stips).toEqual([]);
    const { cookie } = await signInAsApplicant(token, applicant);
    const myPage = await readPage(cookie);
    expect(myPage.body).not.toContain("OTHER ORCHARD");
    // The applicant's cookie opens nothing else: not the portal, not the back office.
    for (const url of [
      "/api/portal/deals",
      `/api/portal/deals/${dealId}`,
      `/api/back-office/deals/${dealId}`,
      "/api/me",
    ])
      expect([url, (await send({ method: "GET", url, cookie })).statusCode]).toEqual([url, 401]);
  });

  it("refuses a cross-site request that carries the applicant's cookie", async () => {
    const { cookie } = await signInAsApplicant(token, applicant);
    for (const url of ["/api/applicant/sign-out", "/api/applicant/code", "/api/applicant/session"]) {
      const refused = await send({ url, cookie, payload: { token }, origin: "https://evil.example" });
      expect([url, refused.statusCode]).toEqual([url, 403]);
    }
    expect((await readPage(cookie)).statusCode).toBe(200);
  });

  it("closes after two hours and on sign-out; a made-up cookie counts as a refused credential", async () => {
    const first = await signInAsApplicant(token, applicant);
    const signedOut = await send({ url: "/api/applicant/sign-out", cookie: first.cookie });
    expect(signedOut.statusCode).toBe(200);
    expect(String(signedOut.headers["set-cookie"])).toContain("Max-Age=0");
    const after = await readPage(first.cookie);
    expect([after.statusCode, after.json().message]).toEqual([401, applicantMessages.sessionEnded]);
    const second = await signInAsApplicant(token, applicant);
    await server.database.db
      .update(applicantAccess)
      .set({ sessionExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(applicantAccess.dealId, dealId));
    expect((await readPage(second.cookie)).statusCode).toBe(401);
    const from = loopbackAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push(
        (
          await server.app.inject({
            url: "/api/applicant/application",
            remoteAddress: from,
            headers: { cookie: `applicant_session=${"x".repeat(43)}` },
          })
        ).statusCode,
      );
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("takes files for the applicant's own stips, checked like every upload, and audits them", async () => {
    const { cookie } = await signInAsApplicant(token, applicant);
    const stips = await server.database.db.select().from(dealStip).where(eq(dealStip.dealId, dealId));
    const stipNamed = (name: string) => stips.find((stip) => stip.name === name)!.id;
    const upload = (stipId: string, file: { name: string; content: Buffer }, as = cookie) => {
      const body = multipartBody({ note: "All pages attached" }, [{ field: "file", ...file }]);
      return server.app.inject({
        method: "POST",
        url: `/api/applicant/stips/${stipId}/files`,
        payload: body.payload,
        remoteAddress: loopbackAddress(),
        headers: { cookie: as, origin: testOrigin, "content-type": body.contentType },
      });
    };
    const pdf = { name: "statements.pdf", content: samplePdf };
    // Not a PDF inside: refused, nothing kept.
    const fake = await upload(stipNamed("Bank statements (last 3 months)"), {
      name: "statements.pdf",
      content: notReallyPdf,
    });
    expect(fake.statusCode).toBe(415);
    // The dealer's and the credit team's stips, and another deal's, are not the applicant's: not found.
    for (const name of ["Equipment invoice", "Verification of identity (staff)"])
      expect([name, (await upload(stipNamed(name), pdf)).statusCode]).toEqual([name, 404]);
    const [otherStip] = await server.database.db
      .insert(dealStip)
      .values({
        dealId: await dealFor(address("stranger"), "Stranger Co"),
        name: "Bank statements",
        satisfiedBy: "applicant",
      })
      .returning();
    expect((await upload(otherStip!.id, pdf)).statusCode).toBe(404);
    expect((await upload(stipNamed("Certificate of insurance"), pdf)).statusCode).toBe(409);
    expect(await server.database.db.select().from(dealStipDocument)).toHaveLength(0);

    const sent = await upload(stipNamed("Bank statements (last 3 months)"), pdf);
    expect(sent.statusCode, sent.body).toBe(201);
    const page = (await readPage(cookie)).json() as ApplicantApplication;
    expect(page.stips.find((stip) => stip.status === "received")).toMatchObject({
      name: "Bank statements (last 3 months)",
      status: "received",
      takesFiles: true,
    });
    const [event] = await server.database.db
      .select()
      .from(dealStipEvent)
      .where(
        and(
          eq(dealStipEvent.stipId, stipNamed("Bank statements (last 3 months)")),
          eq(dealStipEvent.status, "received"),
        ),
      );
    expect(event).toMatchObject({ actorKind: "applicant", actorUserId: null, note: "All pages attached" });
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "stip.received"), eq(auditLog.subject, dealId)));
    expect(audit).toMatchObject({ actorUserId: null, details: expect.objectContaining({ by: "applicant" }) });
    expect(await server.database.db.select().from(dealStipDocument)).toHaveLength(1);
  });

  it("keeps every code and link out of the outbox, its API and the log", async () => {
    const { code } = await signInAsApplicant(token, applicant);
    const rows = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, applicant));
    const stored = JSON.stringify(rows);
    expect(stored).toContain("Your code is [hidden-text-1]");
    expect(stored).toContain("/application#[hidden-1]");
    const outbox = await send({ method: "GET", url: "/api/back-office/outbox", cookie: admin });
    const accessRows = JSON.stringify(await server.database.db.select().from(applicantAccess));
    for (const copy of [stored, outbox.body, server.logs(), accessRows]) {
      expect(copy).not.toContain(token);
      expect(copy).not.toMatch(new RegExp(`Your code is ${code}`));
    }
    expect(outbox.body).not.toContain(code);
    expect(server.logs()).not.toContain(code);
  });
});
