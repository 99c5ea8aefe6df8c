import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { yearInTimeZone } from "#domain/site/business-time.ts";
import { defaultBrand } from "#domain/site/brand.ts";
import { sampleQuestionnaireAnswer } from "../demo/sample-requests.ts";
import { loopbackAddress, startTestServer, testOrigin, type TestServer } from "../../tests/support/test-server.ts";
import { mailOutbox } from "../mail/tables.ts";
import { pickedOption, questionnaireAnswer } from "./tables.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const post = (url: string, payload: object) =>
  server.app.inject({
    method: "POST",
    url,
    payload,
    remoteAddress: loopbackAddress(),
    headers: { origin: testOrigin },
  });

// Independent of the pricing module's tiers: 700 -> 9% (docs/product-rules.md#r8-questionnaire-pricing), started 2018
// ->
// 4+ years ago -> code 60 or 72 -> +4% or +3%.
const currentYear = yearInTimeZone(new Date(), defaultBrand.timeZone);
const markup = currentYear - 2018 >= 5 ? 1.03 : 1.04;
// The closed form of docs/product-rules.md#r8-questionnaire-pricing, written out here rather than taken from the
// pricing module.
const expected = (months: number) => {
  const r = 0.09 / 12;
  return Math.round(((50_000 * markup * r) / (1 - (1 + r) ** -months)) * 100) / 100;
};

describe("questionnaire answer", () => {
  it("stores the answer with the server's quote and mails the team", async () => {
    const response = await post("/api/leads/questionnaire-answer", sampleQuestionnaireAnswer());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.quote).toMatchObject({ eligible: true, annualRate: 9 });
    for (const term of [24, 36, 48, 60] as const) expect(body.quote.payments[term]).toBe(expected(term));
    expect(body.quote.payments.desired).toBe(expected(36));
    const [row] = await server.database.db
      .select()
      .from(questionnaireAnswer)
      .where(eq(questionnaireAnswer.id, body.id));
    expect(row).toMatchObject({
      visitId: "campaign-42",
      equipmentCost: 50000,
      eligible: true,
      annualRate: 9,
      contactClient: "no",
      startYear: 2018,
    });
    expect(row!.payments!["48"]).toBe(expected(48));
    const mails = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, "New pre-qualification: Granite Peak Excavation"));
    expect(mails).toHaveLength(1);
  });

  it.each([
    ["bankruptcy", { bk: "yes" }],
    ["young credit", { lengthCredit: "1" }],
  ])("gives no numbers for %s", async (_case, overrides) => {
    const response = await post("/api/leads/questionnaire-answer", sampleQuestionnaireAnswer(overrides));
    expect(response.statusCode).toBe(201);
    expect(response.json().quote.eligible).toBe(false);
    expect(JSON.stringify(response.json())).not.toMatch(/decline|has a BK/i);
  });

  it.each([
    ["a score of 540", { creditscore: "540" }, "Credit needs to be higher than 540"],
    ["an owner name with digits", { nameOfOwner: "R2D2" }, "Please enter the name of the owner"],
    ["a one-letter owner name", { nameOfOwner: "A" }, "Please enter the name of the owner"],
    [
      "a start year after this year",
      { year: String(currentYear + 1) },
      "The business start year cannot be after the current year.",
    ],
    ["a term not offered", { desiredmonth: "18" }, "Please choose an answer."],
  ])("refuses %s", async (_case, overrides, message) => {
    const response = await post("/api/leads/questionnaire-answer", sampleQuestionnaireAnswer(overrides));
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });
});

describe("picked option and contact request", () => {
  it("stores the option at the server's payment, whatever the browser believes", async () => {
    const answer = (
      await post("/api/leads/questionnaire-answer", sampleQuestionnaireAnswer({ businessName: "Picky Paving" }))
    ).json();
    const contact = await post("/api/leads/contact-request", { answerId: answer.id });
    expect(contact.statusCode).toBe(200);
    const picked = await post("/api/leads/picked-option", {
      answerId: answer.id,
      term: "48",
      agreeItsJustProposal: true,
      idempotencyKey: randomUUID(),
      monthlyPayment: 1,
    });
    expect(picked.statusCode).toBe(201);
    expect(picked.json().monthlyPayment).toBe(expected(48));
    const [row] = await server.database.db.select().from(pickedOption).where(eq(pickedOption.id, picked.json().id));
    expect(row).toMatchObject({
      term: 48,
      monthlyPayment: expected(48),
      desiredTerm: 36,
      contactClient: "yes",
      agreeItsJustProposal: true,
      businessName: "Picky Paving",
    });
    const mails = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, "Contact requested: Picky Paving"));
    expect(mails).toHaveLength(1);
    await post("/api/leads/contact-request", { answerId: answer.id });
    expect(
      await server.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.subject, "Contact requested: Picky Paving")),
    ).toHaveLength(1);
  });

  it("requires the soft-proposal agreement and a known, priced answer", async () => {
    const answer = (await post("/api/leads/questionnaire-answer", sampleQuestionnaireAnswer())).json();
    expect(
      (
        await post("/api/leads/picked-option", {
          answerId: answer.id,
          term: "48",
          agreeItsJustProposal: false,
          idempotencyKey: randomUUID(),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post("/api/leads/picked-option", {
          answerId: randomUUID(),
          term: "48",
          agreeItsJustProposal: true,
          idempotencyKey: randomUUID(),
        })
      ).statusCode,
    ).toBe(404);
    const declined = (await post("/api/leads/questionnaire-answer", sampleQuestionnaireAnswer({ bk: "yes" }))).json();
    expect(
      (
        await post("/api/leads/picked-option", {
          answerId: declined.id,
          term: "48",
          agreeItsJustProposal: true,
          idempotencyKey: randomUUID(),
        })
      ).statusCode,
    ).toBe(409);
    expect((await post("/api/leads/contact-request", { answerId: randomUUID() })).statusCode).toBe(404);
  });
});

describe("quote API", () => {
  it("prices a landing quote from raw answers", async () => {
    const response = await post("/api/quotes/landing", {
      creditScore: 700,
      bankruptcy: false,
      oldestDebtUnderFiveYears: false,
      businessStartYear: 2018,
      equipmentCost: 50000,
      desiredTerm: 36,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().payments["60"]).toBe(expected(60));
  });

  it("prices a calculator quote and refuses a start year in the future with a 400", async () => {
    const ok = await post("/api/quotes/calculator", {
      price: 120000,
      creditScore: 740,
      oldestDebtUnderFiveYears: false,
      bankruptcy: false,
      firstTimeBuyer: true,
      businessStartYear: 2010,
      monthlyEarnings: 5000,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ annualRate: 9, downPayment: { percent: 15 } });
    expect(ok.json().cards).toHaveLength(4);
    const future = await post("/api/quotes/calculator", {
      price: 120000,
      creditScore: 740,
      oldestDebtUnderFiveYears: false,
      bankruptcy: false,
      firstTimeBuyer: true,
      businessStartYear: currentYear + 1,
      monthlyEarnings: 5000,
    });
    expect(future.statusCode).toBe(400);
  });
});
