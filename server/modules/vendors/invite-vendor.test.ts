import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { loopbackAddress, signIn, startTestServer, testOrigin, type TestServer } from "../../../tests/support/test-server.ts";
import { auditLog, mailOutbox } from "../../db/schema.ts";
import { createAccount } from "../accounts/create-account.ts";

let server: TestServer;
let admin: string;
let staffCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server.auth, { email: "admin@lender.example", name: "Admin", role: authRoles.admin, password: "admin-password-1", emailVerified: true });
  await createAccount(server.auth, { email: "staff@lender.example", name: "Sam Staff", role: authRoles.staff, password: "staff-password-1", emailVerified: true });
  admin = (await signIn(server.app, "admin@lender.example", "admin-password-1")).cookie;
  staffCookie = (await signIn(server.app, "staff@lender.example", "staff-password-1")).cookie;
});
afterAll(() => server?.close());

const request = (method: "GET" | "POST" | "PATCH", url: string, cookie: string, payload?: object) =>
  server.app.inject({ method, url, payload, headers: { cookie, origin: testOrigin }, remoteAddress: loopbackAddress() });

describe("vendor accounts", () => {
  it("lets an admin invite a vendor who chooses a password through the mailed link and signs in", async () => {
    const email = `new-${randomUUID().slice(0, 6)}@dealer.example`;
    const created = await request("POST", "/api/back-office/vendors", admin, { firstName: "Ola", companyId: "654321", companyEmail: email, companyName: "Ola Equipment", companyAlreadyInSystem: false });
    expect(created.statusCode).toBe(201);
    expect((await signIn(server.app, email, "anything-at-all")).response.statusCode).not.toBe(200);
    const [invitation] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(invitation!.subject).toContain("invited");
    const token = /reset-password\/([^?\s"]+)/.exec(invitation!.text)![1]!;
    const reset = await server.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { newPassword: "my-own-password", token }, headers: { origin: testOrigin } });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(server.app, email, "my-own-password")).response.statusCode).toBe(200);
    const again = await request("POST", "/api/back-office/vendors", admin, { firstName: "Pat", companyId: "654321", companyEmail: `pat-${email}`, companyName: "", companyAlreadyInSystem: true });
    expect(again.statusCode).toBe(201);
    expect(again.json().companyId).toBe(created.json().companyId);
    expect((await request("POST", "/api/back-office/vendors", admin, { firstName: "Q", companyId: "654321", companyEmail: `q-${email}`, companyName: "X", companyAlreadyInSystem: false })).statusCode).toBe(409);
    expect((await request("POST", "/api/back-office/vendors", staffCookie, { firstName: "Q", companyId: "111111", companyEmail: `r-${email}`, companyName: "X", companyAlreadyInSystem: false })).statusCode).toBe(403);
    const audits = await server.database.db.select().from(auditLog).where(eq(auditLog.action, "account.created"));
    expect(audits.length).toBeGreaterThanOrEqual(2);
  });
});

