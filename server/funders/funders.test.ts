import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { funderFormValues, funderInput, type FunderInput, type FunderRow } from "#domain/funders/contracts.ts";
import { blankFunderAnswer, type DealFunders } from "#domain/funders/deal-funder-contracts.ts";
import { createVendor, submitPortalDeal } from "../../tests/support/vendor-fixtures.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createAccount } from "../accounts/create-account.ts";
import { auditLog } from "../audit/tables.ts";

let server: TestServer;
let admin = "";
let staff = "";

beforeAll(async () => {
  server = await startTestServer();
  for (const [email, role] of [
    ["admin@funders.example", authRoles.admin],
    ["staff@funders.example", authRoles.staff],
  ] as const)
    await createAccount(server.auth, { email, name: role, role, password: "funder-password-1", emailVerified: true });
  admin = (await signIn(server.app, "admin@funders.example", "funder-password-1")).cookie;
  staff = (await signIn(server.app, "staff@funders.example", "funder-password-1")).cookie;
});
afterAll(() => server?.close());

const send = (method: "GET" | "POST" | "PUT", url: string, cookie: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    payload,
    remoteAddress: loopbackAddress(),
    headers: { cookie, origin: testOrigin },
  });

const harbor: FunderInput = {
  name: "Harbor Capital",
  contactName: "Dana Credit",
  contactEmail: "dana@harbor-capital.example",
  contactPhone: "(555) 010-2000",
  programs: "lease, equipment-finance",
  minCreditScore: "650",
  minMonthsInBusiness: "24",
  minAmount: "10,000",
  maxAmount: "$500,000.50",
  industries: "construction, transportation",
  states: "tx, OK, tx",
  active: true,
};

describe("the funder network", () => {
  it("lets an admin add a funder: lists typed with commas, dollars typed, kept as lists and cents; audited", async () => {
    const created = await send("POST", "/api/back-office/funders", admin, harbor);
    expect(created.statusCode).toBe(201);
    const funder = (created.json() as { funder: FunderRow }).funder;
    expect(funder).toMatchObject({
      name: "Harbor Capital",
      programs: ["equipment-finance", "lease"],
      minCreditScore: 650,
      minMonthsInBusiness: 24,
      minAmountCents: 1_000_000,
      maxAmountCents: 50_000_050,
      industries: ["construction", "transportation"],
      states: ["OK", "TX"],
      active: true,
    });
    const listed = (await send("GET", "/api/back-office/funders", staff)).json() as { funders: FunderRow[] };
    expect(listed.funders.map((row) => row.name)).toContain("Harbor Capital");
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "funder.created"), eq(auditLog.subject, funder.id)));
    expect(audit!.details).toMatchObject({ name: "Harbor Capital", minAmountCents: 1_000_000 });
    // The form shows what was stored, and saving it unchanged stores the same.
    expect(funderInput.parse(funderFormValues(funder))).toEqual(funderInput.parse(harbor));
  });

  it("changes a funder and sets it inactive; a name taken but for case is refused", async () => {
    const created = (
      await send("POST", "/api/back-office/funders", admin, { ...harbor, name: "Granite Funding" })
    ).json().funder as FunderRow;
    const changed = await send("PUT", `/api/back-office/funders/${created.id}`, admin, {
      ...harbor,
      name: "Granite Funding",
      states: "",
      active: false,
    });
    expect(changed.json().funder).toMatchObject({ states: [], active: false });
    const listed = (await send("GET", "/api/back-office/funders", staff)).json() as { funders: FunderRow[] };
    expect(listed.funders.at(-1)!.name).toBe("Granite Funding");
    const taken = await send("POST", "/api/back-office/funders", admin, { ...harbor, name: "harbor capital" });
    expect([taken.statusCode, taken.json().message]).toEqual([
      409,
      'A funder named "harbor capital" is already in the network.',
    ]);
    expect(
      (await send("PUT", `/api/back-office/funders/${created.id}`, admin, { ...harbor, name: "HARBOR CAPITAL" }))
        .statusCode,
    ).toBe(409);
  });

  it("refuses what does not make sense with the form's own words, and staff may only read", async () => {
    for (const [field, value, message] of [
      ["states", "TX, Texas", "Use two-letter state codes separated by commas, like TX, OK."],
      ["maxAmount", "5,000", "The maximum is below the minimum."],
      ["minCreditScore", "1000", "Enter a credit score from 300 to 850, or leave it empty."],
      ["programs", "", "Choose at least one program."],
      ["industries", "farming", "Choose industries from the list."],
      // Too long: refused on its own, with no other check reading the text as typed (found by the fuzz suite: a 500).
      ["states", "x".repeat(1000), "Please use at most 400 characters."],
    ] as const) {
      const refused = await send("POST", "/api/back-office/funders", admin, { ...harbor, name: "Bad", [field]: value });
      const body = refused.json() as { details: { path: string; message: string }[] };
      expect(refused.statusCode, field).toBe(400);
      expect(body.details, field).toContainEqual({ path: `/${field}`, message });
    }
    expect((await send("POST", "/api/back-office/funders", staff, { ...harbor, name: "Staff's" })).statusCode).toBe(
      403,
    );
  });
});

describe("a deal and the network's funders", () => {
  const funderNamed = async (name: string, overrides: Partial<FunderInput> = {}) =>
    (
      (await send("POST", "/api/back-office/funders", admin, { ...harbor, name, ...overrides })).json() as {
        funder: FunderRow;
      }
    ).funder;

  it("suggests the funders a deal fits, says why the others do not, and records where it was sent, once each", async () => {
    const vendor = await createVendor(server.database, server.auth, "Funded Motors");
    const { cookie } = await signIn(server.app, vendor.email, vendor.password);
    const dealId = await submitPortalDeal(server.app, cookie, {
      businessName: "network paving",
      costOfEq: "85,000",
      downPayment: "5,000",
    });
    const fits = await funderNamed("Open Plains Leasing", {
      minMonthsInBusiness: "",
      minCreditScore: "",
      industries: "",
      states: "",
    });
    const small = await funderNamed("Small Ticket Co", {
      maxAmount: "50,000",
      minMonthsInBusiness: "",
      minCreditScore: "",
      industries: "",
      states: "",
    });
    const strict = await funderNamed("Seasoned Bank", { minAmount: "", maxAmount: "", industries: "", states: "" });
    await funderNamed("Dormant Funding", { active: false });

    const before = (await send("GET", `/api/back-office/deals/${dealId}/funders`, staff)).json() as DealFunders;
    expect(before.facts).toMatchObject({ amountCents: 8_000_000, program: "equipment-finance", state: null });
    const fitOf = (id: string) => before.candidates.find((candidate) => candidate.funder.id === id)?.fit;
    expect(fitOf(fits.id)).toEqual({ fits: true, misses: [], unknown: [] });
    expect(fitOf(small.id)).toEqual({
      fits: false,
      misses: ["Amount $80,000.00 is above its maximum of $50,000.00"],
      unknown: [],
    });
    expect(fitOf(strict.id)).toEqual({
      fits: true,
      misses: [],
      unknown: ["credit score (needs 650)", "time in business (needs 24 months)"],
    });
    expect(before.candidates.some((candidate) => candidate.funder.name === "Dormant Funding")).toBe(false);
    expect(before.candidates.findIndex((candidate) => candidate.funder.id === small.id)).toBeGreaterThan(
      before.candidates.findIndex((candidate) => candidate.funder.id === strict.id),
    );

    const sent = await send("POST", `/api/back-office/deals/${dealId}/funders`, staff, {
      funderIds: [fits.id, strict.id],
    });
    expect(sent.statusCode).toBe(200);
    await send("POST", `/api/back-office/deals/${dealId}/funders`, staff, { funderIds: [fits.id] });
    const after = (await send("GET", `/api/back-office/deals/${dealId}/funders`, staff)).json() as DealFunders;
    expect(
      after.submissions.map((submission) => [submission.funder.name, submission.answers.map((a) => a.decision)]),
    ).toEqual(
      expect.arrayContaining([
        ["Open Plains Leasing", ["pending"]],
        ["Seasoned Bank", ["pending"]],
      ]),
    );
    expect(after.submissions).toHaveLength(2);
    expect(after.candidates.map((candidate) => candidate.funder.id)).not.toContain(fits.id);
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "deal.sent-to-funders"), eq(auditLog.subject, dealId)));
    expect(audits).toHaveLength(1);

    // Answers: what a decision needs is asked for; each answer is kept, the newest first.
    const submission = after.submissions.find((entry) => entry.funder.id === fits.id)!;
    const answers = `/api/back-office/deals/${dealId}/funders/${submission.id}/answers`;
    const incomplete = await send("POST", answers, staff, {
      ...blankFunderAnswer,
      decision: "approved",
      amount: "75,000",
    });
    expect(incomplete.statusCode).toBe(400);
    expect((incomplete.json() as { details: unknown[] }).details).toEqual(
      expect.arrayContaining([
        { path: "/termMonths", message: "Enter the term in months." },
        { path: "/payment", message: "Enter the monthly payment or the rate, as the funder states it." },
      ]),
    );
    const approved = await send("POST", answers, staff, {
      ...blankFunderAnswer,
      decision: "approved",
      amount: "75,000",
      termMonths: "60",
      payment: "1,525.40",
      downPayment: "5,000",
      expiresOn: "2026-12-26",
      declineReasons: "bankruptcy",
    });
    expect(approved.statusCode).toBe(201);
    const declined = await send(
      "POST",
      `/api/back-office/deals/${dealId}/funders/${after.submissions.find((entry) => entry.funder.id === strict.id)!.id}/answers`,
      staff,
      {
        ...blankFunderAnswer,
        decision: "declined",
        amount: "1",
        declineReasons: "time-in-business, limited-credit-experience",
      },
    );
    const final = declined.json() as DealFunders;
    const ofFunder = (id: string) => final.submissions.find((entry) => entry.funder.id === id)!.answers;
    expect(ofFunder(fits.id).map((answer) => answer.decision)).toEqual(["approved", "pending"]);
    expect(ofFunder(fits.id)[0]).toMatchObject({
      amountCents: 7_500_000,
      termMonths: 60,
      paymentCents: 152_540,
      downPaymentCents: 500_000,
      expiresOn: "2026-12-26",
      // What the decision does not use is not kept.
      declineReasons: [],
      enteredBy: "staff@funders.example",
    });
    expect(ofFunder(strict.id)[0]).toMatchObject({
      decision: "declined",
      amountCents: null,
      declineReasons: ["limited-credit-experience", "time-in-business"],
    });
    // Presenting: only a submission's latest answer, and only one with terms; the deal becomes Approved.
    const approvedAnswer = ofFunder(fits.id)[0]!;
    const present = (submissionId: string, answerId: string) =>
      send("POST", `/api/back-office/deals/${dealId}/funders/${submissionId}/answers/${answerId}/present`, staff);
    const strictSubmission = final.submissions.find((entry) => entry.funder.id === strict.id)!;
    expect((await present(strictSubmission.id, ofFunder(strict.id)[0]!.id)).statusCode).toBe(409);
    expect((await present(submission.id, ofFunder(fits.id)[1]!.id)).statusCode).toBe(409);
    const presented = await present(submission.id, approvedAnswer.id);
    expect(presented.statusCode).toBe(200);
    expect((presented.json() as DealFunders).presented).toMatchObject({
      answerId: approvedAnswer.id,
      expiresOn: "2026-12-26",
    });
    const dealPage = (await send("GET", `/api/back-office/deals/${dealId}`, staff)).json();
    expect(dealPage.deal).toMatchObject({ stage: 2, approvedAmount: 75_000 });
    const portal = await server.app.inject({ url: `/api/portal/deals/${dealId}/approval`, headers: { cookie } });
    expect(portal.json()).toMatchObject({
      approval: {
        amountCents: 7_500_000,
        termMonths: 60,
        paymentCents: 152_540,
        downPaymentCents: 500_000,
        expiresOn: "2026-12-26",
        // Unless an admin shows it (approval-lifecycle.test.ts), the funder's name is not sent at all.
        funderName: null,
      },
    });
    // The dealer never learns which funder, nor any other answer.
    expect(portal.body).not.toContain("Open Plains");
    expect(portal.body).not.toContain("Seasoned");
    const other = await createVendor(server.database, server.auth, "Other Funded Motors");
    const otherCookie = (await signIn(server.app, other.email, other.password)).cookie;
    expect(
      (await server.app.inject({ url: `/api/portal/deals/${dealId}/approval`, headers: { cookie: otherCookie } }))
        .statusCode,
    ).toBe(404);
    const [presentedAudit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "deal.approval-presented"), eq(auditLog.subject, dealId)));
    expect(presentedAudit!.details).toMatchObject({ answerId: approvedAnswer.id, expiresOn: "2026-12-26" });

    // Another deal's submission is not found through this one.
    expect(
      (
        await send(
          "POST",
          `/api/back-office/deals/${randomUUID()}/funders/${submission.id}/answers`,
          staff,
          blankFunderAnswer,
        )
      ).statusCode,
    ).toBe(404);
  });
});
