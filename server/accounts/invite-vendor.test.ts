import { createHash, randomUUID } from "node:crypto";
import { asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vendorSignUpMessages } from "#domain/vendors/contracts.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { passwordLinkIn } from "../../tests/support/password-link.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { auditLog } from "../audit/tables.ts";
import { user, verification } from "../auth/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { createAccount } from "./create-account.ts";
import { revealLinkSecrets } from "../mail/hide-link-secrets.ts";

let server: TestServer;
let admin: string;
let staffCookie: string;

beforeAll(async () => {
  server = await startTestServer({ BRAND_NAME: "Harbor Test Leasing" });
  await createAccount(server.auth, {
    email: "admin@lender.example",
    name: "Admin",
    role: authRoles.admin,
    password: "admin-password-1",
    emailVerified: true,
  });
  await createAccount(server.auth, {
    email: "staff@lender.example",
    name: "Sam Staff",
    role: authRoles.staff,
    password: "staff-password-1",
    emailVerified: true,
  });
  admin = (await signIn(server.app, "admin@lender.example", "admin-password-1")).cookie;
  staffCookie = (await signIn(server.app, "staff@lender.example", "staff-password-1")).cookie;
});
afterAll(() => server?.close());

const request = (method: "GET" | "POST" | "PATCH", url: string, cookie: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    payload,
    headers: { cookie, origin: testOrigin },
    remoteAddress: loopbackAddress(),
  });

describe("vendor accounts", () => {
  it("lets an admin invite a vendor who chooses a password through the mailed link and signs in", async () => {
    const email = `new-${randomUUID().slice(0, 6)}@dealer.example`;
    const created = await request("POST", "/api/back-office/vendors", admin, {
      firstName: "Ola",
      companyId: "654321",
      companyEmail: email,
      companyName: "Ola Equipment",
      companyAlreadyInSystem: false,
    });
    expect(created.statusCode).toBe(201);
    expect((await signIn(server.app, email, "anything-at-all")).response.statusCode).not.toBe(200);
    const [invitation] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(invitation!.subject).toContain("invited");
    // The row keeps the link hidden (no SMTP here, so it waits with its secret sealed): the mail as sent.
    const sent = revealLinkSecrets(invitation!, server.cipher);
    const { link, token } = passwordLinkIn(sent.text + sent.html);
    expect(link).toBe(`${testOrigin}/reset-password#token=${token}`);
    // better-auth's own link, which redirected with the token in the query, is not routed.
    expect(
      (await server.app.inject(`/api/auth/reset-password/${token}?callbackURL=%2Freset-password`)).statusCode,
    ).toBe(404);
    const reset = await server.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { newPassword: "my-own-password", token },
      headers: { origin: testOrigin },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(server.app, email, "my-own-password")).response.statusCode).toBe(200);
    const again = await request("POST", "/api/back-office/vendors", admin, {
      firstName: "Pat",
      companyId: "654321",
      companyEmail: `pat-${email}`,
      companyName: "",
      companyAlreadyInSystem: true,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().companyId).toBe(created.json().companyId);
    expect(
      (
        await request("POST", "/api/back-office/vendors", admin, {
          firstName: "Q",
          companyId: "654321",
          companyEmail: `q-${email}`,
          companyName: "X",
          companyAlreadyInSystem: false,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await request("POST", "/api/back-office/vendors", staffCookie, {
          firstName: "Q",
          companyId: "111111",
          companyEmail: `r-${email}`,
          companyName: "X",
          companyAlreadyInSystem: false,
        })
      ).statusCode,
    ).toBe(403);
    const audits = await server.database.db.select().from(auditLog).where(eq(auditLog.action, "account.created"));
    expect(audits.length).toBeGreaterThanOrEqual(2);
  });

  it("says the invitation comes from the configured brand's team, not the seed's", async () => {
    const created = await request("POST", "/api/back-office/vendors", admin, {
      firstName: "Bea",
      companyId: "246810",
      companyEmail: "bea@brand.example",
      companyName: "Bea Boats",
      companyAlreadyInSystem: false,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe(
      "verification was sent - Please ask new user to check email and click the link sent from Harbor Test Leasing Team!",
    );
    expect(created.json().message).toBe(vendorSignUpMessages.sent("Harbor Test Leasing"));
    expect(created.json().message).not.toContain("Increase");
  });

  it("refuses a second company with the same name, whatever its case and spaces, with a 409 that says what to do", async () => {
    const first = await request("POST", "/api/back-office/vendors", admin, {
      firstName: "Cy",
      companyId: "135791",
      companyEmail: "cy@delta.example",
      companyName: "Delta Dredging Co",
      companyAlreadyInSystem: false,
    });
    expect(first.statusCode).toBe(201);
    for (const [index, name] of ["delta dredging co", "  DELTA   Dredging  co ", "DeltaDredgingCo"].entries()) {
      const again = await request("POST", "/api/back-office/vendors", admin, {
        firstName: "Di",
        companyId: `13579${index + 2}`,
        companyEmail: `di${index}@delta.example`,
        companyName: name,
        companyAlreadyInSystem: false,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain(
        'A company named "Delta Dredging Co" is already in the system (company ID 135791)',
      );
    }
    // Nothing was created for the refused ones: no company, no user.
    const companies = await server.database.db
      .select()
      .from(vendorCompany)
      .where(like(vendorCompany.companyCode, "13579%"));
    expect(companies).toHaveLength(1);
    expect(await server.database.db.select().from(user).where(like(user.email, "di%@delta.example"))).toHaveLength(0);
    // The database refuses it too, should two admins race.
    await expect(
      server.database.db.insert(vendorCompany).values({ name: "DELTA dredging CO", companyCode: "864200" }),
    ).rejects.toThrow();
  });
});

describe("link lifetimes", () => {
  /** better-auth keeps a link's identifier as its SHA-256 (create-auth.ts, storeIdentifier "hashed"). */
  const storedIdentifier = (token: string) =>
    createHash("sha256").update(`reset-password:${token}`).digest("base64url");
  const tokenOf = async (email: string) => {
    const mails = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
    const sent = revealLinkSecrets(mails.at(-1)!, server.cipher);
    return passwordLinkIn(sent.text + sent.html).token;
  };
  /** Moves a link's expiry as if `days` had passed since it was mailed (better-auth compares expires_at with now). */
  const age = async (token: string, hours: number) => {
    const [row] = await server.database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, storedIdentifier(token)));
    await server.database.db
      .update(verification)
      .set({ expiresAt: new Date(row!.expiresAt.getTime() - hours * 3600_000) })
      .where(eq(verification.id, row!.id));
  };
  const choose = (token: string, newPassword: string) =>
    server.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { newPassword, token },
      headers: { origin: testOrigin },
    });
  const invite = async (firstName: string, companyId: string) => {
    const email = `${firstName.toLowerCase()}@lifetime.example`;
    const created = await request("POST", "/api/back-office/vendors", admin, {
      firstName,
      companyId,
      companyEmail: email,
      companyName: `${firstName} Lifetime Co`,
      companyAlreadyInSystem: false,
    });
    expect(created.statusCode).toBe(201);
    return { email, userId: created.json().userId as string, token: await tokenOf(email) };
  };

  it("keeps an invitation valid for 7 days and says so in the mail", async () => {
    const { email, token } = await invite("Ivy", "314159");
    const [mail] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail!.text).toContain("it works for 7 days");
    const [row] = await server.database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, storedIdentifier(token)));
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    await age(token, 6 * 24);
    expect((await choose(token, "ivy-after-six-days")).statusCode).toBe(200);
    expect((await signIn(server.app, email, "ivy-after-six-days")).response.statusCode).toBe(200);
  });

  it("refuses an invitation after 8 days; the resent one works", async () => {
    const { email, userId, token } = await invite("Jed", "271828");
    await age(token, 8 * 24);
    const refused = await choose(token, "jed-after-eight-days");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("INVALID_TOKEN");
    expect((await request("POST", `/api/back-office/vendors/${userId}/resend-invitation`, admin)).statusCode).toBe(200);
    const fresh = await tokenOf(email);
    expect(fresh).not.toBe(token);
    await age(fresh, 6 * 24);
    expect((await choose(fresh, "jed-with-the-new-link")).statusCode).toBe(200);
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "account.invitation-resent"));
    expect(audits.map((entry) => entry.subject)).toContain(userId);
  });

  it("cancels the earlier invitation link when it is sent again", async () => {
    const { email, userId, token } = await invite("Lea", "161803");
    expect((await request("POST", `/api/back-office/vendors/${userId}/resend-invitation`, admin)).statusCode).toBe(200);
    const fresh = await tokenOf(email);
    const earlier = await choose(token, "lea-with-the-old-link");
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json().code).toBe("INVALID_TOKEN");
    expect((await choose(fresh, "lea-with-the-new-link")).statusCode).toBe(200);
  });

  it("keeps a password reset link to one hour", async () => {
    await createAccount(server.auth, {
      email: "kim@lifetime.example",
      name: "Kim",
      role: authRoles.vendor,
      password: "kim-password-1",
      emailVerified: true,
    });
    const asked = await server.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email: "kim@lifetime.example" },
      headers: { origin: testOrigin },
      remoteAddress: loopbackAddress(),
    });
    expect(asked.statusCode).toBe(200);
    const [mail] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "kim@lifetime.example"));
    expect(mail!.subject).toContain("Reset");
    const token = await tokenOf("kim@lifetime.example");
    const [row] = await server.database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, storedIdentifier(token)));
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3600_000);
    await age(token, 1.1);
    expect((await choose(token, "kim-too-late-now")).statusCode).toBe(400);
  });
});
