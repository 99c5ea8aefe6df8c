import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loopbackAddress, startTestServer, testOrigin, type TestServer } from "../../tests/support/test-server.ts";
import { calculatorLead } from "./tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { sampleCalculatorLead as lead } from "../demo/sample-requests.ts";

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

describe("calculator leads", () => {
  it("stores the lead with the server's quote once, however often it is sent", async () => {
    const payload = lead();
    const first = await post("/api/leads/calculator", payload);
    const again = await post("/api/leads/calculator", payload);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(first.json().quote).toMatchObject({ annualRate: 9, downPayment: { percent: 15 }, financedBase: 102000 });
    const rows = await server.database.db
      .select()
      .from(calculatorLead)
      .where(eq(calculatorLead.idempotencyKey, payload.idempotencyKey));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      equipment: { clicknewTruckButton: true, clicksleeperButton: true },
      entities: { llcpartPositive: true },
      payments: { "48": first.json().quote.cards[2].payment.low },
    });
  });

  it("refuses a lead without a business type, a client-sent price below zero or an unknown partner", async () => {
    expect((await post("/api/leads/calculator", lead({ llcpartPositive: false }))).statusCode).toBe(400);
    expect((await post("/api/leads/calculator", lead({ costEq: "-5" }))).statusCode).toBe(400);
    expect((await post("/api/leads/calculator", lead({ partnerSlug: "Nobody" }))).statusCode).toBe(404);
  });

  it("records the chosen option once, with the terms accepted", async () => {
    const { id } = (await post("/api/leads/calculator", lead({ firstNameModel: "Chooser" }))).json();
    expect(
      (await post("/api/leads/calculator-choice", { leadId: id, term: "36", acceptTerms: false })).statusCode,
    ).toBe(400);
    expect((await post("/api/leads/calculator-choice", { leadId: id, term: "36", acceptTerms: true })).statusCode).toBe(
      200,
    );
    expect((await post("/api/leads/calculator-choice", { leadId: id, term: "60", acceptTerms: true })).statusCode).toBe(
      200,
    );
    const [row] = await server.database.db.select().from(calculatorLead).where(eq(calculatorLead.id, id));
    expect(row!.chosenTerm).toBe(36);
    expect(
      await server.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.subject, "Calculator option chosen: Chooser Ruiz")),
    ).toHaveLength(1);
    expect(
      (await post("/api/leads/calculator-choice", { leadId: randomUUID(), term: "36", acceptTerms: true })).statusCode,
    ).toBe(404);
  });

  it("serves partner branding and 404s unknown partners", async () => {
    const found = await server.app.inject("/api/partners/Apronto_Dental");
    expect(found.json()).toMatchObject({
      name: "Apronto Dental",
      salesPerson: "Jordan Ellis",
      vendorPhone: "(555) 010-0142",
    });
    expect((await server.app.inject("/api/partners/nobody")).statusCode).toBe(404);
  });
});
