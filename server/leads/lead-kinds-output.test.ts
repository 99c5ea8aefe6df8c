import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
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
import { createAccount } from "../accounts/create-account.ts";
import { mailOutbox } from "../mail/tables.ts";

/**
 * What the credit team reads of each kind of lead, held byte for byte: the lead page's answer, the
 * CSV export's rows and the mails a new lead sends. Ids and instants are written as placeholders;
 * start years follow the current year, so the quoted rates and payments stay the same.
 */

let server: TestServer;
let admin: string;
const plain = {} as Record<LeadType, string>;
const referred = {} as Record<"questionnaire" | "calculator" | "credit-application", string>;
const year = new Date().getFullYear();

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
const get = (url: string) => server.app.inject({ method: "GET", url, headers: { cookie: admin, origin: testOrigin } });

/** Ids and instants as placeholders, numbered by first appearance so links between records still show. */
function normalize(text: string): string {
  const ids = new Map<string, string>();
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
      if (!ids.has(id)) ids.set(id, `<id ${ids.size + 1}>`);
      return ids.get(id)!;
    })
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "<instant>");
}

beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server.auth, {
    email: "admin@lender.example",
    name: "Admin",
    role: authRoles.admin,
    password: "admin-password-1",
    emailVerified: true,
  });
  admin = (await signIn(server.app, "admin@lender.example", "admin-password-1")).cookie;
  const { company } = await createVendor(server.database, server.auth, "Ola Equipment");

  plain.questionnaire = (
    await post("/api/leads/questionnaire-answer", sampleQuestionnaireAnswer({ year: String(year - 8) }))
  ).id;
  plain["picked-option"] = (
    await post("/api/leads/picked-option", {
      answerId: plain.questionnaire,
      term: "48",
      agreeItsJustProposal: true,
      idempotencyKey: randomUUID(),
    })
  ).id;
  await post("/api/leads/contact-request", { answerId: plain.questionnaire });
  plain.calculator = (
    await post(
      "/api/leads/calculator",
      sampleCalculatorLead({ yearbusinessStarted: String(year - 16), ownersEmail: "office@granitepeak.example" }),
    )
  ).id;
  await post("/api/leads/calculator-choice", { leadId: plain.calculator, term: "48", acceptTerms: true });
  plain["footer-message"] = (
    await post("/api/leads/footer-message", {
      nameOfBusiness: "Granite Peak Excavation",
      nameUser: "Maria Lopez",
      emailUser: "office@granitepeak.example",
      subjectUser: "Do you finance used excavators?\nWe need one by May.",
      idempotencyKey: randomUUID(),
    })
  ).id;
  plain["vendor-contact"] = (
    await post("/api/leads/vendor-contact", {
      businessName: "Valley Heavy",
      contactName: "Tom Becker",
      phoneNumber: "(559) 555-0110",
      email: "tom@valleyheavy.example",
      idempotencyKey: randomUUID(),
    })
  ).id;
  plain["credit-application"] = (await post("/api/leads/credit-application", sampleCreditApplication())).id;

  referred.questionnaire = (
    await post(
      "/api/leads/questionnaire-answer",
      sampleQuestionnaireAnswer({
        year: String(year - 3),
        vendorSlug: company.slug,
        nameOfOwner: "Quinn Answer",
        bk: "yes",
        lengthCredit: "1",
      }),
    )
  ).id;
  referred.calculator = (
    await post(
      "/api/leads/calculator",
      sampleCalculatorLead({
        yearbusinessStarted: String(year - 2),
        vendorSlug: company.slug,
        firstNameModel: "Referred",
        clicknewTruckButton: false,
        clickedNew: false,
        clicksleeperButton: false,
        notTruckingEquipment: "Mini excavator",
        cCorpPartPositive: true,
      }),
    )
  ).id;
  referred["credit-application"] = (
    await post(
      "/api/leads/credit-application",
      sampleCreditApplication({
        vendorSlug: company.slug,
        BusinessName: "Referred Rock LLC",
        hasSecondOwner: false,
        FedId: "",
        COE: "",
        businessAGR: "",
      }),
    )
  ).id;
});
afterAll(() => server?.close());

describe("what the credit team reads of each kind of lead", () => {
  it("answers each kind's lead page the same, byte for byte", async () => {
    const pages: string[] = [];
    for (const type of leadTypes)
      pages.push(`${type}:\n${(await get(`/api/back-office/leads/${type}/${plain[type]}`)).body}`);
    for (const [type, id] of Object.entries(referred))
      pages.push(`${type} (referred):\n${(await get(`/api/back-office/leads/${type}/${id}`)).body}`);
    // Start years as years before this one, so the pages read the same next year.
    const relativeYears = pages
      .join("\n\n")
      .replace(/"startYear":(\d{4})/g, (_, start: string) => `"startYear":"this year - ${year - Number(start)}"`);
    await expect(normalize(relativeYears)).toMatchFileSnapshot("./__snapshots__/lead-kinds-output.pages.txt");
  });

  it("exports each kind's CSV rows the same", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const response = await get(`/api/back-office/export/leads.csv?from=2020-01-01&to=${today}`);
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = response.body.split("\r\n");
    // Rows in a fixed order (by kind and text): the export's own order follows instants and ids.
    const written = rows.filter(Boolean).map((row) => row.replace(/^([^,]*),[^,]*,[^,]*,/, "$1,<id>,<instant>,"));
    expect(written.every((row) => !row.match(/[0-9a-f]{8}-[0-9a-f]{4}-|\d\d:\d\d:\d\d/))).toBe(true);
    await expect([header, ...written.sort()].join("\n")).toMatchFileSnapshot(
      "./__snapshots__/lead-kinds-output.csv.txt",
    );
  });

  it("sends the credit team each kind's new-lead mails the same", async () => {
    const stored = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, server.config.creditTeamEmail));
    // Code-point order, the same whatever the database's collation.
    const mails = stored.sort((a, b) => (a.subject + a.text < b.subject + b.text ? -1 : 1));
    const written = mails.map((mail) =>
      [`to: ${mail.to}`, `subject: ${mail.subject}`, `text:\n${mail.text}`, `html:\n${mail.html}`].join("\n"),
    );
    await expect(normalize(written.join("\n\n----\n\n"))).toMatchFileSnapshot(
      "./__snapshots__/lead-kinds-output.mails.txt",
    );
  });
});
