import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { signIn, startTestServer, testOrigin, type TestServer } from "../../../tests/support/test-server.ts";
import { createVendor } from "../../../tests/support/vendor-fixtures.ts";
import { mailOutbox, user } from "../../db/schema.ts";
import { createAccount } from "../accounts/create-account.ts";

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server.auth, { email: "admin@lender.example", name: "Admin", role: authRoles.admin, password: "admin-password-1", emailVerified: true });
  admin = (await signIn(server.app, "admin@lender.example", "admin-password-1")).cookie;
});
afterAll(() => server?.close());

const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object, cookie = admin) => server.app.inject({ method, url, payload, headers: { cookie, origin: testOrigin } });

describe("vendor users", () => {
  it("deactivates a vendor: sessions end and sign-in is refused", async () => {
    const vendor = await createVendor(server.database, server.auth, "Foxtrot Farm Equipment");
    const { cookie } = await signIn(server.app, vendor.email, vendor.password);
    const [row] = await server.database.db.select().from(user).where(eq(user.email, vendor.email));
    expect((await call("POST", `/api/back-office/vendors/${row!.id}/deactivate`)).statusCode).toBe(200);
    expect((await server.app.inject({ url: "/api/portal/deals", headers: { cookie } })).statusCode).toBe(401);
    expect((await signIn(server.app, vendor.email, vendor.password)).response.statusCode).not.toBe(200);
    const vendors = (await call("GET", "/api/back-office/vendors")).json().companies.flatMap((company: { users: { email: string; active: boolean }[] }) => company.users);
    expect(vendors.find((candidate: { email: string }) => candidate.email === vendor.email).active).toBe(false);
  });

  it("resends the invitation only to vendors who have not chosen a password", async () => {
    const created = (await call("POST", "/api/back-office/vendors", { firstName: "Gil", companyId: "777777", companyEmail: "gil@golf.example", companyName: "Golf Carts", companyAlreadyInSystem: false })).json();
    expect((await call("POST", `/api/back-office/vendors/${created.userId}/resend-invitation`)).statusCode).toBe(200);
    expect(await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "gil@golf.example"))).toHaveLength(2);
    const verified = await createVendor(server.database, server.auth, "Hotel Supply");
    const [row] = await server.database.db.select().from(user).where(eq(user.email, verified.email));
    expect((await call("POST", `/api/back-office/vendors/${row!.id}/resend-invitation`)).statusCode).toBe(409);
  });
});
