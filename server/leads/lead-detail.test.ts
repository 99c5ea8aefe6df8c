import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { leadFieldLabels } from "#domain/leads/lead-kinds.ts";
import { leadTypes, type LeadType } from "#domain/leads/lead-inbox.ts";
import { sampleCalculatorLead, sampleCreditApplication, sampleQuestionnaireAnswer } from "../demo/sample-requests.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
import { withoutIds } from "../../tests/support/without-ids.ts";
import { createAccount } from "../accounts/create-account.ts";

let server: TestServer;
let admin: string;
let staff: string;
let vendor: string;
const ids = {} as Record<LeadType, string>;
const longMessage = `${"Hello, we run three excavators and would like to finance a fourth one this spring. ".repeat(4)}The end of the message.`;

const post = async (url: string, payload: object) => {
  const response = await server.app.inject({
    method: "POST",
    url,
    payload,
    remoteAddress: loopbackAddress(),
    headers: { origin: testOrigin },
  });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  return response.json() as { id: string };
};
const call = (method: "GET" | "PATCH", url: string, cookie: string | null, payload?: object) =>
  server.app.inject({ method, url, payload, headers: { ...(cookie ? { cookie } : {}), origin: testOrigin } });
const detailOf = async (type: LeadType, cookie = admin) => {
  const response = await call("GET", `/api/back-office/leads/${type}/${ids[type]}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server.auth, {
    email: "admin@lender.example",
    name: "Admin",
    role: authRoles.admin,
    password: "admin-password-1",
    emailVerified: true,
  });
  await createAccount(server.auth, {
    email: "analyst@lender.example",
    name: "Analyst",
    role: authRoles.staff,
    password: "analyst-password-1",
    emailVerified: true,
  });
  admin = (await signIn(server.app, "admin@lender.example", "admin-password-1")).cookie;
  staff = (await signIn(server.app, "analyst@lender.example", "analyst-password-1")).cookie;
  const created = await createVendor(server.database, server.auth, "Echo Equipment");
  vendor = (await signIn(server.app, created.email, created.password)).cookie;

  ids.questionnaire = (await post("/api/leads/questionnaire-answer", sampleQuestionnaireAnswer())).id;
  ids["picked-option"] = (
    await post("/api/leads/picked-option", {
      answerId: ids.questionnaire,
      term: "48",
      agreeItsJustProposal: true,
      idempotencyKey: randomUUID(),
    })
  ).id;
  ids.calculator = (
    await post("/api/leads/calculator", sampleCalculatorLead({ ownersEmail: "office@granitepeak.example" }))
  ).id;
  await post("/api/leads/calculator-choice", { leadId: ids.calculator, term: "48", acceptTerms: true });
  ids["footer-message"] = (
    await post("/api/leads/footer-message", {
      nameOfBusiness: "Granite Peak Excavation",
      nameUser: "Maria Lopez",
      emailUser: "office@granitepeak.example",
      subjectUser: longMessage,
      idempotencyKey: randomUUID(),
    })
  ).id;
  ids["vendor-contact"] = (
    await post("/api/leads/vendor-contact", {
      businessName: "Valley Heavy",
      contactName: "Tom Becker",
      phoneNumber: "(559) 555-0110",
      email: "tom@valleyheavy.example",
      idempotencyKey: randomUUID(),
    })
  ).id;
  ids["credit-application"] = (await post("/api/leads/credit-application", sampleCreditApplication())).id;
});
afterAll(() => server?.close());

describe("a lead's page", () => {
  it("answers every field of every kind, each with a label, and never an SSN, tax id or date of birth in clear", async () => {
    for (const type of leadTypes) {
      const detail = await detailOf(type);
      expect(detail).toMatchObject({ type, id: ids[type], status: "new", assignee: null, notes: "", history: [] });
      expect(Object.keys(detail.fields).sort(), type).toEqual(Object.keys(leadFieldLabels[type]).sort());
      expect(withoutIds(JSON.stringify(detail)), type).not.toMatch(/531-86|612-49|98-765|7654321|v1\.|1980-02-03/);
    }
  });

  it("shows a questionnaire answer with its stored payments, and the option picked from it with its contact", async () => {
    const answer = await detailOf("questionnaire");
    expect(answer.fields).toMatchObject({
      nameOfOwner: "Maria Lopez",
      businessName: "Granite Peak Excavation",
      businessPhone: "(559) 555-0142",
      lengthCredit: "5 years or more",
      equipmentCost: 50000,
      desiredTerm: 36,
      eligible: true,
      visitId: "campaign-42",
    });
    expect(Object.keys(answer.payments).sort()).toEqual(["24", "36", "48", "60", "desired"]);
    expect(answer.related).toContainEqual(
      expect.objectContaining({ type: "picked-option", id: ids["picked-option"], relation: "picked-option" }),
    );

    const option = await detailOf("picked-option");
    expect(option.fields).toMatchObject({
      nameOfOwner: "Maria Lopez",
      businessPhone: "(559) 555-0142",
      term: 48,
      monthlyPayment: answer.payments["48"],
      agreeItsJustProposal: true,
    });
    expect(option.related[0]).toMatchObject({ type: "questionnaire", id: ids.questionnaire, relation: "picked-from" });

    const inbox = (await call("GET", "/api/back-office/leads", admin)).json().leads;
    expect(inbox.find((lead: { id: string }) => lead.id === ids["picked-option"]).contact).toBe(
      "Maria Lopez (559) 555-0142",
    );
  });

  it("shows a calculator lead with every answer, every term's payment and the choice", async () => {
    const lead = await detailOf("calculator");
    expect(lead.fields).toMatchObject({
      firstName: "Ana",
      lastName: "Ruiz",
      equipment: "Truck, New, Sleeper",
      entities: "LLC",
      firstTimeBuyer: true,
      creditAvailable: "60-100%",
      homeownerOrRenter: "homeowner",
      workingCapitalLoans: "no",
      chosenTerm: 48,
      downPaymentPercent: 15,
    });
    expect(lead.fields.chosenAt).toEqual(expect.any(String));
    expect(Object.keys(lead.payments).sort()).toEqual(["24", "36", "48", "60"]);
  });

  it("shows a footer message whole with its business name; the inbox shortens it at a word", async () => {
    const message = await detailOf("footer-message");
    expect(message.fields).toEqual({
      nameOfBusiness: "Granite Peak Excavation",
      nameUser: "Maria Lopez",
      emailUser: "office@granitepeak.example",
      message: longMessage,
    });
    const inbox = (await call("GET", "/api/back-office/leads", admin)).json().leads;
    const title: string = inbox.find((lead: { id: string }) => lead.id === ids["footer-message"]).title;
    expect(title.startsWith("Maria Lopez (Granite Peak Excavation): Hello, we run")).toBe(true);
    expect(title.endsWith("…")).toBe(true);
    expect(longMessage).toContain(title.split(": ").slice(1).join(": ").slice(0, -1));
  });

  it("links leads that share the e-mail or the phone within 90 days, not older ones", async () => {
    const application = await detailOf("credit-application");
    expect(application.fields).toMatchObject({
      businessName: "Granite Peak Excavation LLC",
      fedIdMasked: "••-•••4321",
      businessStarted: "2015-04-01",
      costOfEquipment: 185000,
    });
    expect(
      application.owners.map(
        (owner: { ssnMasked: string; homeCity: string }) => `${owner.ssnMasked} ${owner.homeCity}`,
      ),
    ).toEqual(["•••-••-4207 Clovis", "•••-••-3378 Fresno"]);
    const related = application.related.map(
      (lead: { type: string; relation: string }) => `${lead.type}:${lead.relation}`,
    );
    expect(related).toEqual(
      expect.arrayContaining([
        "questionnaire:same-phone",
        "picked-option:same-phone",
        "calculator:same-email",
        "footer-message:same-email",
      ]),
    );
    expect(related).not.toContain("vendor-contact:same-phone");

    await server.database.db.execute(
      sql`update footer_message set created_at = now() - interval '91 days' where id = ${ids["footer-message"]}`,
    );
    expect((await detailOf("credit-application")).related.map((lead: { id: string }) => lead.id)).not.toContain(
      ids["footer-message"],
    );
  });

  it("keeps status, assignee and notes, with who changed what and when in the history", async () => {
    const me = (await call("GET", "/api/me", staff)).json().user.id;
    const url = `/api/back-office/leads/vendor-contact/${ids["vendor-contact"]}`;
    expect((await call("PATCH", url, staff, { status: "contacted", assigneeUserId: me })).statusCode).toBe(200);
    expect(
      (await call("PATCH", url, staff, { notes: "Called Tom: wants a dealer account, send the invitation." }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await call("PATCH", url, admin, {
          notes: "Called Tom: wants a dealer account, send the invitation.",
          status: "contacted",
        })
      ).statusCode,
      "nothing changed",
    ).toBe(200);
    const detail = await detailOf("vendor-contact");
    expect(detail).toMatchObject({
      status: "contacted",
      assignee: { id: me, email: "analyst@lender.example" },
      notes: "Called Tom: wants a dealer account, send the invitation.",
    });
    expect(
      detail.history.map(
        (entry: { field: string; from: string; to: string; actor: string }) =>
          `${entry.actor} ${entry.field}: ${entry.from} -> ${entry.to}`,
      ),
    ).toEqual([
      "analyst@lender.example status: new -> contacted",
      "analyst@lender.example assignee:  -> analyst@lender.example",
      "analyst@lender.example notes:  -> Called Tom: wants a dealer account, send the invitation.",
    ]);
    expect(detail.history.every((entry: { at: string }) => !Number.isNaN(Date.parse(entry.at)))).toBe(true);
  });

  it("refuses vendors (403) and visitors (401)", async () => {
    for (const type of leadTypes) {
      expect((await call("GET", `/api/back-office/leads/${type}/${ids[type]}`, vendor)).statusCode).toBe(403);
      expect((await call("GET", `/api/back-office/leads/${type}/${ids[type]}`, null)).statusCode).toBe(401);
    }
    expect(
      (await call("PATCH", `/api/back-office/leads/footer-message/${ids["footer-message"]}`, vendor, { notes: "x" }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call("PATCH", `/api/back-office/leads/footer-message/${ids["footer-message"]}`, null, { notes: "x" }))
        .statusCode,
    ).toBe(401);
  });

  it("answers a 4xx for an unknown kind, a bad id, a lead of another kind or one that does not exist", async () => {
    expect((await call("GET", `/api/back-office/leads/mortgage/${ids.questionnaire}`, admin)).statusCode).toBe(400);
    expect((await call("GET", "/api/back-office/leads/questionnaire/not-a-uuid", admin)).statusCode).toBe(400);
    expect((await call("GET", `/api/back-office/leads/calculator/${ids.questionnaire}`, admin)).statusCode).toBe(404);
    expect((await call("GET", `/api/back-office/leads/questionnaire/${randomUUID()}`, admin)).statusCode).toBe(404);
    expect(
      (await call("PATCH", `/api/back-office/leads/questionnaire/${randomUUID()}`, admin, { status: "closed" }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call("PATCH", `/api/back-office/leads/questionnaire/${ids.questionnaire}`, admin, {
          notes: "x".repeat(5001),
        })
      ).statusCode,
    ).toBe(400);
  });
});
