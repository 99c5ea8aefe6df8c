import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { creditApplicationFixture } from "../../../tests/support/lead-fixtures.ts";
import { questionnaireAnswerFixture } from "../../../tests/support/questionnaire-fixtures.ts";
import { loopbackAddress, signIn, startTestServer, testOrigin, type TestServer } from "../../../tests/support/test-server.ts";
import { createVendor } from "../../../tests/support/vendor-fixtures.ts";
import { auditLog, mailOutbox } from "../../db/schema.ts";
import { createAccount } from "../accounts/create-account.ts";

let server: TestServer;
let admin: string;
let vendor: string;
let applicationId: string;

beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server.auth, { email: "admin@lender.example", name: "Admin", role: authRoles.admin, password: "admin-password-1", emailVerified: true });
  admin = (await signIn(server.app, "admin@lender.example", "admin-password-1")).cookie;
  const created = await createVendor(server.database, server.auth, "Echo Equipment");
  vendor = (await signIn(server.app, created.email, created.password)).cookie;
  const post = (url: string, payload: object) => server.app.inject({ method: "POST", url, payload, remoteAddress: loopbackAddress(), headers: { origin: testOrigin } });
  applicationId = (await post("/api/leads/credit-application", creditApplicationFixture())).json().id;
  await post("/api/leads/questionnaire-answer", questionnaireAnswerFixture());
  await post("/api/leads/footer-message", { nameOfBusiness: "", nameUser: "Lee", emailUser: "lee@x.example", subjectUser: "=HYPERLINK(\"x\")", idempotencyKey: randomUUID() });
});
afterAll(() => server?.close());

const call = (method: "GET" | "POST" | "PATCH", url: string, cookie: string, payload?: object) =>
  server.app.inject({ method, url, payload, headers: { cookie, origin: testOrigin } });

describe("lead inbox", () => {
  it("lists every kind of lead newest first, and keeps status and assignee", async () => {
    const inbox = (await call("GET", "/api/back-office/leads", admin)).json().leads;
    expect(inbox.map((lead: { type: string }) => lead.type)).toEqual(["footer-message", "questionnaire", "credit-application"]);
    expect(inbox.every((lead: { status: string; overdue: boolean }) => lead.status === "new" && !lead.overdue)).toBe(true);
    const me = (await call("GET", "/api/me", admin)).json().user.id;
    expect((await call("PATCH", `/api/back-office/leads/credit-application/${applicationId}`, admin, { status: "contacted", assigneeUserId: me })).statusCode).toBe(200);
    const contacted = (await call("GET", "/api/back-office/leads?status=contacted", admin)).json().leads;
    expect(contacted).toEqual([expect.objectContaining({ id: applicationId, status: "contacted", assignee: "admin@lender.example" })]);
  });

  it("masks SSN and tax id, and writes each reveal to the audit log", async () => {
    const detail = (await call("GET", `/api/back-office/credit-applications/${applicationId}`, admin)).json();
    expect(detail.fedIdMasked).toBe("••-•••4321");
    expect(detail.owners.map((owner: { ssnMasked: string }) => owner.ssnMasked)).toEqual(["•••-••-4207", "•••-••-3378"]);
    expect(JSON.stringify(detail)).not.toMatch(/531-86|98-765|v1\./);
    expect((await call("POST", `/api/back-office/credit-applications/${applicationId}/reveal`, admin, { field: "ssn2" })).json().value).toBe("612-49-3378");
    expect((await call("POST", `/api/back-office/credit-applications/${applicationId}/reveal`, admin, { field: "fedId" })).json().value).toBe("98-7654321");
    const reveals = await server.database.db.select().from(auditLog).where(eq(auditLog.action, "sensitive.reveal"));
    expect(reveals.map((entry) => (entry.details as { field: string }).field)).toEqual(["ssn2", "fedId"]);
    expect(JSON.stringify(reveals)).not.toContain("612-49");
  });

  it("exports leads and deals as CSV without sensitive numbers", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const leads = await call("GET", `/api/back-office/export/leads.csv?from=2020-01-01&to=${today}`, admin);
    expect(leads.headers["content-type"]).toContain("text/csv");
    expect(leads.body.split("\r\n")[0]).toBe("type,id,created_at,title,contact,status,assignee");
    expect(leads.body).toContain("Granite Peak Excavation LLC");
    expect(leads.body).toContain('"Lee: =HYPERLINK(""x"")"');
    expect(leads.body).not.toMatch(/531-86|612-49|98-765/);
    expect((await call("GET", `/api/back-office/export/deals.csv?from=2020-01-01&to=${today}`, admin)).statusCode).toBe(200);
  });

  it("retries a pending mail and shows the audit log to admins", async () => {
    const [mail] = await server.database.db.select().from(mailOutbox).limit(1);
    expect((await call("POST", `/api/back-office/outbox/${mail!.id}/retry`, admin)).statusCode).toBe(200);
    const audit = (await call("GET", "/api/back-office/audit", admin)).json().entries;
    expect(audit.map((entry: { action: string }) => entry.action)).toEqual(expect.arrayContaining(["sign-in", "sensitive.reveal", "export.leads"]));
  });

  it("refuses vendors on every one of these endpoints", async () => {
    for (const [method, url, payload] of [
      ["GET", "/api/back-office/leads"],
      ["PATCH", `/api/back-office/leads/credit-application/${applicationId}`, { status: "closed" }],
      ["GET", `/api/back-office/credit-applications/${applicationId}`],
      ["POST", `/api/back-office/credit-applications/${applicationId}/reveal`, { field: "ssn1" }],
      ["GET", "/api/back-office/export/leads.csv?from=2020-01-01&to=2030-01-01"],
      ["GET", "/api/back-office/export/deals.csv?from=2020-01-01&to=2030-01-01"],
      ["POST", `/api/back-office/outbox/${randomUUID()}/retry`],
      ["GET", "/api/back-office/audit"],
    ] as const) {
      expect((await call(method, url, vendor, payload as object | undefined)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
