import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleCalculatorLead, sampleCreditApplication, sampleQuestionnaireAnswer } from "./demo/sample-requests.ts";
import { jsonShape, withShape } from "../tests/support/json-shapes.ts";
import { queryRows } from "../tests/support/test-database.ts";
import { loopbackAddress, startTestServer, testOrigin, type TestServer } from "../tests/support/test-server.ts";

// Generated bad input on every public endpoint: a valid payload with one field replaced by
// anything JSON can hold, or a body that is not an object at all, nested deep or very wide. Never a 5xx; a refused
// request stores nothing.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_MAX: "100000" });
});
afterAll(() => server?.close());

const valid: Record<string, () => Record<string, unknown>> = {
  "/api/leads/footer-message": () => ({
    nameOfBusiness: "A",
    nameUser: "B",
    emailUser: "b@x.example",
    subjectUser: "Hi",
    idempotencyKey: randomUUID(),
  }),
  "/api/leads/vendor-contact": () => ({
    businessName: "A",
    contactName: "B",
    phoneNumber: "(555) 010-0100",
    email: "b@x.example",
    idempotencyKey: randomUUID(),
  }),
  "/api/leads/credit-application": () => sampleCreditApplication(),
  "/api/leads/questionnaire-answer": () => sampleQuestionnaireAnswer(),
  "/api/leads/calculator": () => sampleCalculatorLead(),
  "/api/quotes/open": () => ({ token: "A".repeat(43) }),
  "/api/applicant/code": () => ({ token: "A".repeat(43) }),
  "/api/applicant/session": () => ({ token: "A".repeat(43), code: "123456" }),
  "/api/signer/code": () => ({ token: "A".repeat(43) }),
  "/api/signer/session": () => ({ token: "A".repeat(43), code: "123456" }),
  "/api/quotes/landing": () => ({
    creditScore: 700,
    bankruptcy: false,
    oldestDebtUnderFiveYears: false,
    businessStartYear: 2015,
    equipmentCost: 50000,
    desiredTerm: 36,
  }),
  "/api/quotes/calculator": () => ({
    price: 50000,
    creditScore: 700,
    oldestDebtUnderFiveYears: false,
    bankruptcy: false,
    firstTimeBuyer: true,
    businessStartYear: 2015,
    monthlyEarnings: 1000,
  }),
};

const leadTables = [
  "footer_message",
  "vendor_contact",
  "credit_application",
  "questionnaire_answer",
  "calculator_lead",
  "picked_option",
];
const countRows = async () => {
  const counts: Record<string, number> = {};
  for (const table of leadTables)
    counts[table] = (
      await queryRows<{ n: number }>(server.database.db, sql.raw(`select count(*)::int as n from ${table}`))
    )[0]!.n;
  return counts;
};

const weird = fc.oneof(
  fc.jsonValue(),
  fc.string({ maxLength: 300 }),
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.constant("<script>alert(1)</script>"),
  fc.constant("'; drop table deal; --"),
);

describe("fuzzing public endpoints", () => {
  for (const [url, make] of Object.entries(valid)) {
    it(`never fails with a 5xx, and stores nothing it refuses: ${url}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc
              .record({ field: fc.constantFrom(...Object.keys(make())), value: weird })
              .map(({ field, value }) => JSON.stringify({ ...make(), [field]: value })),
            weird.map((body) => JSON.stringify(body)),
            // Nested thousands of levels deep or tens of thousands wide: the whole body or one field.
            fc
              .tuple(fc.option(fc.constantFrom(...Object.keys(make())), { nil: null }), jsonShape)
              .map(([field, shape]) => withShape(make(), field, shape)),
          ),
          async (payload) => {
            const before = await countRows();
            const response = await server.app.inject({
              method: "POST",
              url,
              headers: { origin: testOrigin, "content-type": "application/json" },
              payload,
              remoteAddress: loopbackAddress(),
            });
            expect(response.statusCode).toBeLessThan(500);
            if (response.statusCode >= 400) expect(await countRows()).toEqual(before);
          },
        ),
        { numRuns: 40 },
      );
    });
  }

  it("answers malformed JSON and wrong content types with a 4xx", async () => {
    for (const [payload, type] of [
      ["{not json", "application/json"],
      ["a=b", "application/x-www-form-urlencoded"],
      ["", "application/json"],
      ["x".repeat(2 * 1024 * 1024), "application/json"],
    ] as const) {
      const response = await server.app.inject({
        method: "POST",
        url: "/api/leads/footer-message",
        headers: { origin: testOrigin, "content-type": type },
        payload,
      });
      expect(response.statusCode, `${type} ${payload.slice(0, 10)}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});
