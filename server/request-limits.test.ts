import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeyRandomLength, apiKeyStart } from "#domain/api-keys/api-key-text.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { multipartBody, samplePdf } from "../tests/support/multipart.ts";
import { passwordLinkIn } from "../tests/support/password-link.ts";
import { loopbackAddress, signIn, startTestServer, testOrigin, type TestServer } from "../tests/support/test-server.ts";
import { totp } from "../tests/support/totp.ts";
import { createVendor } from "../tests/support/vendor-fixtures.ts";
import { sampleNewDealFields } from "./demo/sample-requests.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { auditLog } from "./audit/tables.ts";
import { mailOutbox } from "./mail/tables.ts";
import { createAccount } from "./accounts/create-account.ts";
import { revealLinkSecrets } from "./mail/hide-link-secrets.ts";

// What one address, one key or one account may cost us (docs/product-rules.md#r45-caps-per-caller): bodies that would
// exhaust the
// stack, probes that count accounts, unauthenticated floods, a key's budget, and a client address
// taken from a header the client writes.

let server: TestServer;
const keyBudget = 20;
const vendor = { email: "", password: "", cookie: "", key: "" };
const admin = { email: "admin@limits.example", password: "admin-password-1", cookie: "" };

beforeAll(async () => {
  // A small key budget (the guide's is 120): the same mechanism in fewer requests.
  server = await startTestServer({ API_KEY_RATE_LIMIT_MAX: String(keyBudget) });
  const created = await createVendor(server.database, server.auth, "Limits Loaders");
  Object.assign(vendor, {
    email: created.email,
    password: created.password,
    cookie: (await signIn(server.app, created.email, created.password)).cookie,
  });
  const key = await server.app.inject({
    method: "POST",
    url: "/api/portal/api-keys",
    headers: { cookie: vendor.cookie, origin: testOrigin },
    payload: { name: "DMS" },
  });
  vendor.key = (key.json() as { secret: string }).secret;
  await createAccount(server.auth, {
    email: admin.email,
    name: "Ada",
    role: authRoles.admin,
    password: admin.password,
    emailVerified: true,
  });
  admin.cookie = (await signIn(server.app, admin.email, admin.password)).cookie;
});
afterAll(() => server?.close());

const post = (
  app: FastifyInstance,
  url: string,
  payload: string,
  headers: Record<string, string> = {},
  remoteAddress = loopbackAddress(),
) =>
  app.inject({
    method: "POST",
    url,
    remoteAddress,
    headers: { origin: testOrigin, "content-type": "application/json", ...headers },
    payload,
  });
const v1 = (key: string, url: string, remoteAddress = loopbackAddress()) =>
  server.app.inject({ url, remoteAddress, headers: { authorization: `Bearer ${key}` } });
const randomKey = () =>
  apiKeyStart + randomUUID().replaceAll("-", "").padEnd(apiKeyRandomLength, "x").slice(0, apiKeyRandomLength);

const deepArray = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
const deepObject = (levels: number) => '{"a":'.repeat(levels) + "1" + "}".repeat(levels);

describe("JSON bodies", () => {
  it("refuses a body nested 5,000 levels deep with a 400 on every kind of route: public, /api/v1, sign-in, and a multipart deal field", async () => {
    const footer = {
      nameOfBusiness: "A",
      nameUser: "B",
      emailUser: "b@x.example",
      subjectUser: "Hi",
      idempotencyKey: randomUUID(),
    };
    const bodies = [deepArray(5000), deepObject(5000), JSON.stringify(footer).replace('"B"', deepArray(5000))];
    const v1Headers = { authorization: `Bearer ${vendor.key}`, "idempotency-key": randomUUID() };
    for (const [url, headers] of [
      ["/api/leads/footer-message", {}],
      ["/api/quotes/open", {}],
      ["/api/v1/deals", v1Headers],
      ["/api/auth/sign-in/email", {}],
    ] as const) {
      for (const body of bodies) {
        const response = await post(server.app, url, body, headers);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
        expect(response.json()).toMatchObject({
          code: "VALIDATION_FAILED",
          message: "JSON may nest objects and arrays at most 32 levels deep.",
        });
      }
    }
    const { idempotencyKey: _key, ...fields } = sampleNewDealFields();
    const upload = multipartBody(
      { deal: JSON.stringify({ ...fields, businessName: "deep" }).replace('"deep"', deepArray(20_000)) },
      [{ field: "client-info", name: "a.pdf", content: samplePdf }],
    );
    const multipart = await server.app.inject({
      method: "POST",
      url: "/api/v1/deals",
      remoteAddress: loopbackAddress(),
      headers: { ...v1Headers, "idempotency-key": randomUUID(), "content-type": upload.contentType },
      payload: upload.payload,
    });
    expect(multipart.statusCode, multipart.body).toBe(400);
  });

  it("answers a wide body (60,000 keys, 200,000 array items) with a 400, never a 5xx", async () => {
    const wideObject = JSON.stringify(
      Object.fromEntries(Array.from({ length: 60_000 }, (_, index) => [`k${index}`, 0])),
    );
    const wideArray = JSON.stringify(Array.from({ length: 200_000 }, () => 0));
    for (const body of [wideObject, wideArray]) {
      const response = await post(server.app, "/api/leads/footer-message", body);
      expect(response.statusCode, response.body).toBe(400);
    }
  });
});

describe("health probes", () => {
  it("show no counts: a reset for an existing account and one for an unknown address leave the same answer", async () => {
    const before = await server.app.inject("/api/health/ready");
    expect(before.json()).toEqual({ status: "ready", database: "ok", pendingMigrations: [] });
    for (const email of [vendor.email, "nobody@limits.example"]) {
      expect((await post(server.app, "/api/auth/request-password-reset", JSON.stringify({ email }))).statusCode).toBe(
        200,
      );
      expect((await server.app.inject("/api/health/ready")).body).toBe(before.body);
    }
  });

  it("show the outbox backlog to admins only", async () => {
    const answer = await server.app.inject({ url: "/api/back-office/outbox", headers: { cookie: admin.cookie } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().backlog).toEqual({ pending: expect.any(Number), oldestAgeSeconds: expect.any(Number) });
    expect(answer.json().backlog.pending).toBeGreaterThanOrEqual(1);
    expect(
      (await server.app.inject({ url: "/api/back-office/outbox", headers: { cookie: vendor.cookie } })).statusCode,
    ).toBe(403);
  });

  it("are limited per address, generously enough for a load balancer's probes", async () => {
    const prober = loopbackAddress();
    const statuses: number[] = [];
    for (let probe = 0; probe < 601; probe += 1)
      statuses.push((await server.app.inject({ url: "/api/health/live", remoteAddress: prober })).statusCode);
    expect(statuses.slice(0, 600).every((status) => status === 200)).toBe(true);
    expect(statuses[600]).toBe(429);
    expect((await server.app.inject({ url: "/api/health/live", remoteAddress: loopbackAddress() })).statusCode).toBe(
      200,
    );
  });
});

describe("failed authentication", () => {
  it("refuses an address after 30 refused API keys, before looking up the next key, a valid one included", async () => {
    const address = loopbackAddress();
    for (let attempt = 0; attempt < 30; attempt += 1)
      expect((await v1(randomKey(), "/api/v1/deals", address)).statusCode).toBe(401);
    const refused = await v1(vendor.key, "/api/v1/deals", address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "RATE_LIMITED" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await v1(vendor.key, "/api/v1/deals")).statusCode).toBe(200);
  });

  it("refuses an address after 30 unknown session cookies, before looking up the next session", async () => {
    const address = loopbackAddress();
    const bogus = () => `kec.session_token=${randomUUID()}.${randomUUID()}`;
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect(
        (await server.app.inject({ url: "/api/portal/deals", remoteAddress: address, headers: { cookie: bogus() } }))
          .statusCode,
      ).toBe(401);
    }
    expect(
      (
        await server.app.inject({
          url: "/api/portal/deals",
          remoteAddress: address,
          headers: { cookie: vendor.cookie },
        })
      ).statusCode,
    ).toBe(429);
    // Signed-out visitors who send no session cookie cost no lookup and are not counted.
    const visitor = loopbackAddress();
    for (let attempt = 0; attempt < 40; attempt += 1)
      expect((await server.app.inject({ url: "/api/me", remoteAddress: visitor })).statusCode).toBe(401);
  });

  it("limits requests without a key like a key's: by address, over all of /api/v1", async () => {
    const address = loopbackAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= keyBudget; attempt += 1)
      statuses.push(
        (await server.app.inject({ url: attempt % 2 ? "/api/v1/deals" : "/api/v1/dashboard", remoteAddress: address }))
          .statusCode,
      );
    expect(statuses.slice(0, keyBudget).every((status) => status === 401)).toBe(true);
    expect(statuses[keyBudget]).toBe(429);
  });
});

describe("an API key's budget", () => {
  it("is one budget a minute (API_KEY_RATE_LIMIT_MAX) across all of /api/v1, from any address", async () => {
    const created = await createVendor(server.database, server.auth, "Budget Buses");
    const { cookie } = await signIn(server.app, created.email, created.password);
    const key = (
      (
        await server.app.inject({
          method: "POST",
          url: "/api/portal/api-keys",
          headers: { cookie, origin: testOrigin },
          payload: { name: "DMS" },
        })
      ).json() as { secret: string }
    ).secret;
    let last = await v1(key, "/api/v1/deals");
    expect(last.headers["x-ratelimit-limit"]).toBe(String(keyBudget));
    for (let request = 1; request < keyBudget - 1; request += 1) last = await v1(key, "/api/v1/deals");
    expect(last.statusCode).toBe(200);
    const dashboard = await v1(key, "/api/v1/dashboard");
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.headers["x-ratelimit-remaining"]).toBe("0");
    const over = await v1(key, "/api/v1/deals");
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: "RATE_LIMITED" });
  });
});

describe("the client address behind a proxy", () => {
  it("takes TRUST_PROXY as a hop count or a list of proxy addresses, and refuses true, naming the variable", () => {
    const env = { NODE_ENV: "test", PUBLIC_URL: testOrigin };
    expect(loadConfig(env).trustProxy).toBe(false);
    expect(loadConfig({ ...env, TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ ...env, TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ ...env, TRUST_PROXY: "10.0.0.0/8, 192.168.1.7,fd00::/8" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "192.168.1.7",
      "fd00::/8",
    ]);
    for (const value of ["true", "0", "yes", "10.0.0.0/33", "10.0.0.300", "proxy.example", "0.0.0.0/0", "::/0"]) {
      expect(() => loadConfig({ ...env, TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ ...env, TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });

  for (const trust of ["1", "127.0.0.0/8, 10.0.0.0/8"]) {
    describe(`behind one load balancer (TRUST_PROXY=${trust})`, () => {
      let proxied: TestServer;
      beforeAll(async () => {
        proxied = await startTestServer({ TRUST_PROXY: trust });
      });
      afterAll(() => proxied?.close());

      const failedSignIn = async (email: string, forwardedFor: string, from: string) => {
        const headers = { "x-forwarded-for": forwardedFor };
        expect(
          (
            await post(
              proxied.app,
              "/api/auth/sign-in/email",
              JSON.stringify({ email, password: "guessed-password" }),
              headers,
              from,
            )
          ).statusCode,
        ).toBe(401);
        const [failure] = await proxied.database.db.select().from(auditLog).where(eq(auditLog.subject, email));
        return failure!.ipAddress;
      };

      it("takes the address the load balancer saw: a client that rotates X-Forwarded-For stays one address, for the limits and the audit log", async () => {
        const balancer = loopbackAddress();
        for (let attempt = 0; attempt < 3; attempt += 1) {
          expect(
            await failedSignIn(
              `rotating-${attempt}@limits.example`,
              `203.0.113.${attempt + 1}, 198.51.100.7`,
              balancer,
            ),
          ).toBe("198.51.100.7");
        }
        // A client that reaches the server itself: with a list of proxies its own header is not believed.
        if (trust !== "1")
          expect(await failedSignIn("direct@limits.example", "198.51.100.8", "192.0.2.10")).toBe("192.0.2.10");
      });
    });
  }
});

describe("sign-in attempts per account", () => {
  const wrongFromEverywhere = async (email: string, count: number) => {
    for (let attempt = 0; attempt < count; attempt += 1)
      expect((await signIn(server.app, email, `wrong-password-${attempt}`)).response.statusCode).toBe(401);
    const recorded = await server.database.db.select().from(auditLog).where(eq(auditLog.subject, email));
    expect(recorded.filter((row) => row.action === "sign-in.failed").length).toBeGreaterThanOrEqual(count);
  };
  /** Failures as a sign-in records them (create-auth.ts), without paying a password hash for each. */
  const recordFailures = (email: string, count: number) =>
    server.database.db.insert(auditLog).values(
      Array.from({ length: count }, () => ({
        action: "sign-in.failed",
        subject: email,
        ipAddress: loopbackAddress(),
        details: { reason: "INVALID_EMAIL_OR_PASSWORD" },
      })),
    );

  it("refuses an account after 20 failures from any addresses, with a clear message, until its password is reset", async () => {
    const email = "rotated@limits.example";
    await createAccount(server.auth, {
      email,
      name: "Ro",
      role: authRoles.vendor,
      password: "rotated-password",
      emailVerified: true,
    });
    // Two real failures from two addresses, and 18 more as the audit log records them, each from an address of its own.
    await wrongFromEverywhere(email, 2);
    await recordFailures(email, 18);
    const refused = await signIn(server.app, email, "rotated-password");
    expect(refused.response.statusCode).toBe(429);
    expect(refused.response.json()).toMatchObject({ code: "SIGN_IN_THROTTLED" });
    expect(refused.response.json().message).toMatch(
      /^Too many failed sign-in attempts on this account\. Please try again in \d+ minutes?, or reset your password\.$/,
    );
    expect(Number(refused.response.headers["retry-after"])).toBeGreaterThan(0);
    // An address with no account is answered the same way: the limit tells nobody which accounts exist.
    await wrongFromEverywhere("unknown@limits.example", 2);
    await recordFailures("unknown@limits.example", 18);
    expect((await signIn(server.app, "unknown@limits.example", "rotated-password")).response.json().message).toBe(
      refused.response.json().message,
    );

    expect((await post(server.app, "/api/auth/request-password-reset", JSON.stringify({ email }))).statusCode).toBe(
      200,
    );
    const [mail] = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.createdAt));
    const { token } = passwordLinkIn(revealLinkSecrets(mail!, server.cipher).text);
    expect(
      (await post(server.app, "/api/auth/reset-password", JSON.stringify({ token, newPassword: "a-fresh-password-9" })))
        .statusCode,
    ).toBe(200);
    expect((await signIn(server.app, email, "a-fresh-password-9")).response.statusCode).toBe(200);
  });

  it("locks two-factor codes after 10 wrong ones on the account, from any addresses (better-auth's lockout)", async () => {
    const email = "two-factor@limits.example";
    const password = "two-factor-password";
    await createAccount(server.auth, { email, name: "Tom", role: authRoles.staff, password, emailVerified: true });
    const { cookie } = await signIn(server.app, email, password);
    const enable = await post(server.app, "/api/auth/two-factor/enable", JSON.stringify({ password }), { cookie });
    const secret = new URL(enable.json().totpURI as string).searchParams.get("secret")!;
    expect(
      (
        await post(
          server.app,
          "/api/auth/two-factor/verify-totp",
          JSON.stringify({ code: totp(secret, Date.now() - 30_000) }),
          { cookie },
        )
      ).statusCode,
    ).toBe(200);

    // better-auth allows 5 codes per password step: a guesser who knows the password signs in again.
    for (let round = 0; round < 2; round += 1) {
      const halfway = (await signIn(server.app, email, password)).cookie;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const code = String((Number(totp(secret)) + 500_000 + round * 5 + attempt) % 1_000_000).padStart(6, "0");
        const wrong = await post(server.app, "/api/auth/two-factor/verify-totp", JSON.stringify({ code }), {
          cookie: halfway,
        });
        expect(wrong.statusCode, wrong.body).toBe(401);
      }
    }
    const halfway = (await signIn(server.app, email, password)).cookie;
    const refused = await post(
      server.app,
      "/api/auth/two-factor/verify-totp",
      JSON.stringify({ code: totp(secret, Date.now() + 30_000) }),
      { cookie: halfway },
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "ACCOUNT_TEMPORARILY_LOCKED" });
  });
});
