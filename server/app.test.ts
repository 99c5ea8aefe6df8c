import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { signInMessages } from "#domain/auth/sign-in-schema.ts";
import { passwordLinkIn } from "../tests/support/password-link.ts";
import { queryRows } from "../tests/support/test-database.ts";
import { loopbackAddress, signIn, startTestServer, type TestServer } from "../tests/support/test-server.ts";
import { mailOutbox } from "./mail/tables.ts";
import { createAccount } from "./accounts/create-account.ts";
import { revealLinkSecrets } from "./mail/hide-link-secrets.ts";
import { seedDemo } from "./demo/seed-demo.ts";

const passwords = { admin: "admin-password-1", vendor: "vendor-password-1" };
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await seedDemo(server.database.db, server.auth, passwords);
  await createAccount(server.auth, {
    email: "unverified@demo.example",
    name: "Unverified Vendor",
    role: authRoles.vendor,
    password: "unverified-password",
    emailVerified: false,
  });
});
afterAll(() => server?.close());

describe("system endpoints", () => {
  it("reports the database in /api/health", async () => {
    const response = await server.app.inject("/api/health");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "ok", database: "ok" });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await server.app.inject("/api/nothing-here");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: "NOT_FOUND", message: "Not found." });
  });

  it("sends security headers and a CSP without unsafe-inline scripts", async () => {
    const response = await server.app.inject("/api/health");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("publishes an OpenAPI document generated from the route schemas: the public endpoints to anyone, all of them to staff", async () => {
    const anonymous = await server.app.inject("/api/docs/json");
    expect(anonymous.statusCode).toBe(200);
    const publicPaths = Object.keys(anonymous.json().paths);
    expect(publicPaths).toEqual(expect.arrayContaining(["/api/health", "/api/leads/footer-message"]));
    expect(
      publicPaths.filter(
        (path) =>
          !/^\/api\/(health|leads|quotes|partners|vendor-links|status-mails|widget|applicant|signer|earnings\/tiers)\b/.test(
            path,
          ),
      ),
    ).toEqual([]);
    const vendor = await signIn(server.app, "vendor@demo.example", passwords.vendor);
    expect(
      Object.keys(
        (await server.app.inject({ url: "/api/docs/json", headers: { cookie: vendor.cookie } })).json().paths,
      ),
    ).toEqual(publicPaths);
    const admin = await signIn(server.app, "admin@demo.example", passwords.admin);
    const full = Object.keys(
      (await server.app.inject({ url: "/api/docs/json", headers: { cookie: admin.cookie } })).json().paths,
    );
    expect(full).toEqual(
      expect.arrayContaining(["/api/health", "/api/me", "/api/back-office/deals", "/api/portal/deals"]),
    );
  });
});

describe("sign-in", () => {
  it("signs the demo vendor in and keeps the session in an httpOnly cookie", async () => {
    const { response, cookie } = await signIn(server.app, "vendor@demo.example", passwords.vendor);
    expect(response.statusCode).toBe(200);
    expect(String(response.headers["set-cookie"])).toMatch(/HttpOnly/i);
    const me = await server.app.inject({ url: "/api/me", headers: { cookie } });
    expect(me.json().user).toMatchObject({ email: "vendor@demo.example", role: "vendor" });
  });

  it("refuses a wrong password with 401", async () => {
    const { response } = await signIn(server.app, "admin@demo.example", "not-the-password");
    expect(response.statusCode).toBe(401);
  });

  it("refuses an unverified account and mails its invitation again (a password link, token in the fragment)", async () => {
    const { response } = await signIn(server.app, "unverified@demo.example", "unverified-password");
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("EMAIL_NOT_VERIFIED");
    await expect
      .poll(async () => {
        const mails = await server.database.db.select().from(mailOutbox);
        return mails.filter(
          (mail) => mail.to === "unverified@demo.example" && mail.subject.startsWith("You are invited"),
        ).length;
      })
      .toBeGreaterThan(0);
    const [again] = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "unverified@demo.example"));
    const sent = revealLinkSecrets(again!, server.cipher);
    passwordLinkIn(sent.text + sent.html);
    expect(sent.text + sent.html).not.toContain("verify-email");
    expect(signInMessages.unverified).toContain("verification was sent to your email");
  });

  it("slows an address that keeps failing on an account, without locking the owner out elsewhere", async () => {
    await createAccount(server.auth, {
      email: "target@demo.example",
      name: "Target",
      role: authRoles.vendor,
      password: "target-password",
      emailVerified: true,
    });
    const attacker = loopbackAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (await signIn(server.app, "target@demo.example", `wrong-${attempt}-password`, attacker)).response.statusCode,
      ).toBe(401);
    }
    const slowed = await signIn(server.app, "target@demo.example", "target-password", attacker);
    expect(slowed.response.statusCode).toBe(429);
    expect(slowed.response.json().message).toBe("Too many failed sign-in attempts. Please try again in 30 seconds.");
    expect(slowed.response.headers["retry-after"]).toBe("30");
    const owner = await signIn(server.app, "target@demo.example", "target-password", loopbackAddress());
    expect(owner.response.statusCode).toBe(200);
  });

  it("throttles an address that tries many sign-ins", async () => {
    const address = loopbackAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push(
        (await signIn(server.app, `nobody-${attempt}@demo.example`, "whatever-password", address)).response.statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("refuses a cross-site state-changing request that carries a session cookie", async () => {
    const { cookie } = await signIn(server.app, "vendor@demo.example", passwords.vendor);
    const crossSite = await server.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie, origin: "https://evil.example", "content-type": "application/json" },
      payload: {},
    });
    expect(crossSite.statusCode).toBe(403);
    const me = await server.app.inject({ url: "/api/me", headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it("logs each answered request in one line, with its route, status and duration, never its query", async () => {
    const before = server.logs().length;
    await server.app.inject({ url: "/api/health?probe=log-line" });
    const lines = server
      .logs()
      .slice(before)
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: "request",
      method: "GET",
      url: "/api/health",
      statusCode: 200,
      ms: expect.any(Number),
    });
  });

  it("never writes passwords to the logs", async () => {
    await signIn(server.app, "vendor@demo.example", passwords.vendor);
    expect(server.logs()).not.toContain(passwords.vendor);
  });
});

describe("roles", () => {
  it("lets admins read the outbox and refuses vendors and anonymous visitors", async () => {
    const admin = await signIn(server.app, "admin@demo.example", passwords.admin);
    const vendor = await signIn(server.app, "vendor@demo.example", passwords.vendor);
    expect(
      (await server.app.inject({ url: "/api/back-office/outbox", headers: { cookie: admin.cookie } })).statusCode,
    ).toBe(200);
    expect(
      (await server.app.inject({ url: "/api/back-office/outbox", headers: { cookie: vendor.cookie } })).statusCode,
    ).toBe(403);
    expect((await server.app.inject({ url: "/api/back-office/outbox" })).statusCode).toBe(401);
  });

  it("keeps staff without two-factor out of staff data when two-factor is required", async () => {
    const strict = await startTestServer({ STAFF_2FA_REQUIRED: "true" });
    try {
      await seedDemo(strict.database.db, strict.auth, passwords);
      const admin = await signIn(strict.app, "admin@demo.example", passwords.admin);
      const outbox = await strict.app.inject({ url: "/api/back-office/outbox", headers: { cookie: admin.cookie } });
      expect(outbox.statusCode).toBe(403);
      expect(outbox.json().code).toBe("TWO_FACTOR_REQUIRED");
      const me = await strict.app.inject({ url: "/api/me", headers: { cookie: admin.cookie } });
      expect(me.json()).toMatchObject({ staffTwoFactorRequired: true, user: { twoFactorEnabled: false } });
    } finally {
      await strict.close();
    }
  });
});

describe("audit log", () => {
  it("records sign-ins and failed sign-ins, and refuses updates and deletes", async () => {
    await signIn(server.app, "vendor@demo.example", passwords.vendor);
    const rows = await queryRows<{ action: string }>(server.database.db, sql`select action from audit_log`);
    const actions = rows.map((row) => row.action);
    expect(actions).toContain("sign-in");
    expect(actions).toContain("sign-in.failed");
    await expect(server.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(server.database.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
  });
});
