import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { signIn, startTestServer, testOrigin, type TestServer } from "../../tests/support/test-server.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
import { auditLog } from "../audit/tables.ts";
import { user } from "../auth/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { createAccount } from "./create-account.ts";

let server: TestServer;
let admin: string;
let staff: string;
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
  await createAccount(server.auth, {
    email: "staff@lender.example",
    name: "Sam Staff",
    role: authRoles.staff,
    password: "staff-password-1",
    emailVerified: true,
  });
  staff = (await signIn(server.app, "staff@lender.example", "staff-password-1")).cookie;
});
afterAll(() => server?.close());

const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object, cookie = admin) =>
  server.app.inject({ method, url, payload, headers: { cookie, origin: testOrigin } });

describe("vendor users", () => {
  it("deactivates a vendor: sessions end and sign-in is refused", async () => {
    const vendor = await createVendor(server.database, server.auth, "Foxtrot Farm Equipment");
    const { cookie } = await signIn(server.app, vendor.email, vendor.password);
    const [row] = await server.database.db.select().from(user).where(eq(user.email, vendor.email));
    expect((await call("POST", `/api/back-office/vendors/${row!.id}/deactivate`)).statusCode).toBe(200);
    expect((await server.app.inject({ url: "/api/portal/deals", headers: { cookie } })).statusCode).toBe(401);
    expect((await signIn(server.app, vendor.email, vendor.password)).response.statusCode).not.toBe(200);
    const vendors = (await call("GET", "/api/back-office/vendors"))
      .json()
      .companies.flatMap((company: { users: { email: string; active: boolean }[] }) => company.users);
    expect(vendors.find((candidate: { email: string }) => candidate.email === vendor.email).active).toBe(false);
  });

  it("resends the invitation only to vendors who have not chosen a password", async () => {
    const created = (
      await call("POST", "/api/back-office/vendors", {
        firstName: "Gil",
        companyId: "777777",
        companyEmail: "gil@golf.example",
        companyName: "Golf Carts",
        companyAlreadyInSystem: false,
      })
    ).json();
    expect((await call("POST", `/api/back-office/vendors/${created.userId}/resend-invitation`)).statusCode).toBe(200);
    expect(
      await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "gil@golf.example")),
    ).toHaveLength(2);
    const verified = await createVendor(server.database, server.auth, "Hotel Supply");
    const [row] = await server.database.db.select().from(user).where(eq(user.email, verified.email));
    expect((await call("POST", `/api/back-office/vendors/${row!.id}/resend-invitation`)).statusCode).toBe(409);
  });

  it("reactivates a deactivated vendor: sign-in works again, audited, and the vendor is told by e-mail", async () => {
    const vendor = await createVendor(server.database, server.auth, "India Irrigation");
    const [row] = await server.database.db.select().from(user).where(eq(user.email, vendor.email));
    expect((await call("POST", `/api/back-office/vendors/${row!.id}/deactivate`)).statusCode).toBe(200);
    expect((await signIn(server.app, vendor.email, vendor.password)).response.statusCode).not.toBe(200);

    // Staff who are not admins can read the list but not reactivate.
    expect((await call("POST", `/api/back-office/vendors/${row!.id}/reactivate`, undefined, staff)).statusCode).toBe(
      403,
    );
    expect((await signIn(server.app, vendor.email, vendor.password)).response.statusCode).not.toBe(200);

    expect((await call("POST", `/api/back-office/vendors/${row!.id}/reactivate`)).statusCode).toBe(200);
    expect((await signIn(server.app, vendor.email, vendor.password)).response.statusCode).toBe(200);
    const vendors = (await call("GET", "/api/back-office/vendors"))
      .json()
      .companies.flatMap((company: { users: { email: string; active: boolean }[] }) => company.users);
    expect(vendors.find((candidate: { email: string }) => candidate.email === vendor.email).active).toBe(true);
    const [adminRow] = await server.database.db.select().from(user).where(eq(user.email, "admin@lender.example"));
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "account.reactivated"), eq(auditLog.subject, row!.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorUserId).toBe(adminRow!.id);
    const mails = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, vendor.email));
    expect(mails.map((mail) => mail.subject)).toContain("Your Keystone Equipment Capital account is active again");

    // An active vendor is not reactivated again (nor mailed again); an unknown one is not found.
    expect((await call("POST", `/api/back-office/vendors/${row!.id}/reactivate`)).statusCode).toBe(409);
    expect((await call("POST", "/api/back-office/vendors/no-such-user/reactivate")).statusCode).toBe(404);
    expect(await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, vendor.email))).toHaveLength(
      mails.length,
    );
  });
});
