import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { optOutMessages } from "#domain/leads/applicant-status.ts";
import { sampleCreditApplication, sampleNewDealFields } from "../demo/sample-requests.ts";
import { multipartBody, samplePdf } from "../../tests/support/multipart.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
import { mailOutbox } from "../mail/tables.ts";
import { user } from "../auth/tables.ts";
import { funder, funderAnswer, funderSubmission } from "../funders/tables.ts";
import { dealFunding } from "../funding/tables.ts";
import { createAccount } from "../accounts/create-account.ts";
import { revealLinkSecrets } from "../mail/hide-link-secrets.ts";

// docs/product-rules.md#r36-applicant-status-mails: the applicant hears when the application arrives and when it moves,
// once per move, until they opt out.

let server: TestServer;
let staffCookie: string;
let vendorCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server.auth, {
    email: "analyst@lender.example",
    name: "Ana Analyst",
    role: authRoles.staff,
    password: "staff-password-1",
    emailVerified: true,
  });
  staffCookie = (await signIn(server.app, "analyst@lender.example", "staff-password-1")).cookie;
  const vendor = await createVendor(server.database, server.auth, "Status Motors");
  vendorCookie = (await signIn(server.app, vendor.email, vendor.password)).cookie;
});
afterAll(() => server?.close());

const inject = (method: "POST" | "PATCH", url: string, payload: object, cookie = "") =>
  server.app.inject({
    method,
    url,
    payload,
    headers: { cookie, origin: testOrigin },
    remoteAddress: loopbackAddress(),
  });

async function submitDeal(businessEmail: string) {
  const body = multipartBody(
    { deal: JSON.stringify(sampleNewDealFields({ businessName: "status paving", businessEmail })) },
    [{ field: "client-info", name: "app.pdf", content: samplePdf }],
  );
  const response = await server.app.inject({
    method: "POST",
    url: "/api/portal/deals",
    payload: body.payload,
    headers: { cookie: vendorCookie, origin: testOrigin, "content-type": body.contentType },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const mailsTo = async (to: string) =>
  (await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
  );
const moveTo = (dealId: string, stage: number) =>
  inject("PATCH", `/api/back-office/deals/${dealId}`, { stage }, staffCookie);
const optOutToken = (text: string) => /\/status-mails\/opt-out#([A-Za-z0-9_-]{43})/.exec(text)![1]!;
const secrets = [
  "531-86-4207",
  "531864207",
  "612-49-3378",
  "98-7654321",
  "987654321",
  "1980-02-03",
  "185,000",
  "85,000",
];

/** The rows a funding's second approval leaves (funder, answer, approved funding), written straight. */
async function approveFundingOf(dealId: string) {
  const db = server.database.db;
  const [analyst] = await db.select({ id: user.id }).from(user).where(eq(user.email, "analyst@lender.example"));
  const [made] = await db
    .insert(funder)
    .values({ name: `Funder of ${dealId}`, programs: ["equipment-finance"] })
    .returning();
  const [submission] = await db
    .insert(funderSubmission)
    .values({ dealId, funderId: made!.id, submittedByUserId: analyst!.id })
    .returning();
  const [answer] = await db
    .insert(funderAnswer)
    .values({ submissionId: submission!.id, decision: "approved", amountCents: 100, enteredByUserId: analyst!.id })
    .returning();
  await db.insert(dealFunding).values({
    dealId,
    answerId: answer!.id,
    status: "approved",
    amountFinancedCents: 100,
    equipmentCostCents: 100,
    downPaymentCents: 0,
    feesCents: 0,
    earningsCents: 0,
    amountCents: 100,
    preparedByUserId: analyst!.id,
    fundedOn: "2026-11-27",
  });
}

describe("status mails to the applicant", () => {
  it("says the credit application was received, to the business e-mail, with nothing sensitive", async () => {
    const response = await inject(
      "POST",
      "/api/leads/credit-application",
      sampleCreditApplication({ businessEmail: "received@granite.example" }),
    );
    expect(response.statusCode).toBe(201);
    const mails = await mailsTo("received@granite.example");
    expect(mails.map((mail) => mail.subject)).toEqual(["We received your credit application"]);
    for (const secret of secrets) expect(mails[0]!.text + mails[0]!.html).not.toContain(secret);
    // A double submit stores and mails once.
    const again = await inject(
      "POST",
      "/api/leads/credit-application",
      sampleCreditApplication({ businessEmail: "received@granite.example", idempotencyKey: "repeat-key-0123456789" }),
    );
    await inject(
      "POST",
      "/api/leads/credit-application",
      sampleCreditApplication({ businessEmail: "received@granite.example", idempotencyKey: "repeat-key-0123456789" }),
    );
    expect(again.statusCode).toBe(201);
    expect(await mailsTo("received@granite.example")).toHaveLength(2);
  });

  it("mails each move to Approved, Docs Out, Funded or Declined once, and nothing for the team's own steps or a save that does not move", async () => {
    const dealId = await submitDeal("moves@granite.example");
    for (const stage of [2, 2, 4, 3]) expect((await moveTo(dealId, stage)).statusCode).toBe(200);
    // Funded comes from a second staff member's approval of the funding (server/funding/funding.test.ts):
    // the rows that approval leaves are written here, then the stage moves as the approval moves it.
    await approveFundingOf(dealId);
    expect((await moveTo(dealId, 6)).statusCode).toBe(200);
    const declined = await submitDeal("declined@granite.example");
    await moveTo(declined, 0);

    const moves = await mailsTo("moves@granite.example");
    expect(moves.map((mail) => mail.subject)).toEqual([
      "Good news: your financing application is approved",
      "Your financing documents are on their way",
      "Your financing is funded",
    ]);
    const [decline] = await mailsTo("declined@granite.example");
    expect(decline!.text).toContain(
      "A written notice with the reasons for this decision and your rights will follow by mail.",
    );
    for (const mail of [...moves, decline!]) {
      for (const secret of secrets) expect(mail.text + mail.html).not.toContain(secret);
      expect(mail.text).toContain("To stop these status e-mails");
    }
  });

  it("stops every status mail to an address after its opt-out link is used, and says so", async () => {
    const dealId = await submitDeal("stop@granite.example");
    await moveTo(dealId, 2);
    const [approved] = await mailsTo("stop@granite.example");
    const token = optOutToken(revealLinkSecrets(approved!, server.cipher).text);

    const stopped = await inject("POST", "/api/status-mails/opt-out", { token });
    expect(stopped.statusCode).toBe(200);
    expect((await inject("POST", "/api/status-mails/opt-out", { token })).statusCode).toBe(200);
    await moveTo(dealId, 3);
    await inject(
      "POST",
      "/api/leads/credit-application",
      sampleCreditApplication({ businessEmail: "STOP@granite.example" }),
    );
    expect(await mailsTo("stop@granite.example")).toHaveLength(1);
    expect(optOutMessages.done).toContain("no more status e-mails");

    const unknown = await inject("POST", "/api/status-mails/opt-out", { token: "Z".repeat(43) });
    expect(unknown.statusCode).toBe(410);
    expect(unknown.json().message).toBe(optOutMessages.unknown);
    expect((await inject("POST", "/api/status-mails/opt-out", { token: "x" })).statusCode).toBe(400);
    expect(server.logs()).not.toContain(token);
  });
});
