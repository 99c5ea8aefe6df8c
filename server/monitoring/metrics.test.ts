import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { SmtpCatcher } from "../../tests/support/smtp-catcher.ts";
import { totp } from "../../tests/support/totp.ts";
import { queryRows, testDriver } from "../../tests/support/test-database.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createAccount } from "../accounts/create-account.ts";
import { purgeExpiredData } from "../retention/purge-expired-data.ts";
import { leadKinds } from "./lead-routes-by-kind.ts";

const token = "metrics-token-0123456789abcdef0123456789abcdef";

let server: TestServer;
let plain: TestServer;
let smtp: SmtpCatcher;
let smtpPort = 0;

beforeAll(async () => {
  // SMTP is down from the start: a port where a catcher listened a moment ago, started again later.
  smtp = await new SmtpCatcher().start();
  smtpPort = smtp.port;
  await smtp.stop();
  server = await startTestServer({
    METRICS_TOKEN: token,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    LEAD_RATE_LIMIT_MAX: "3",
  });
  plain = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  await plain?.close();
  await smtp?.stop();
});

const scrape = async () => {
  const response = await server.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  return response.body;
};

/** The value of one sample, or undefined when the text has no such series. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const footer = () => ({
  nameOfBusiness: "Acme Paving",
  nameUser: "Lee Chan",
  emailUser: "lee@acme.example",
  subjectUser: "Used pavers?",
  idempotencyKey: randomUUID(),
});
const post = (url: string, payload: object, remoteAddress = loopbackAddress()) =>
  server.app.inject({ method: "POST", url, payload, remoteAddress, headers: { origin: testOrigin } });

describe("GET /metrics", () => {
  it("is not routed at all without METRICS_TOKEN", async () => {
    const response = await plain.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("http_requests_total");
  });

  it("refuses a request without the token or with a wrong one, showing nothing", async () => {
    for (const authorization of [
      undefined,
      "Bearer wrong-token",
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
      token,
      `Basic ${token}`,
    ]) {
      const response = await server.app.inject({ url: "/metrics", headers: authorization ? { authorization } : {} });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.headers["www-authenticate"]).toContain("Bearer");
      expect(response.body).not.toContain("http_requests_total");
    }
  });

  it("is not in the OpenAPI document", async () => {
    const document = (await server.app.inject("/api/docs/json")).json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).not.toContain("/metrics");
  });

  it("counts requests by route pattern and status, never by the raw URL", async () => {
    // A reset link of the form mailed before the token moved to the fragment: not routed (404), named by its pattern.
    await server.app.inject("/api/auth/reset-password/secret-token-xyz?callbackURL=%2Fsecret-callback");
    await server.app.inject("/api/health?probe=secret-query-abc");
    await server.app.inject("/api/no-such-route/secret-path-def");
    const text = await scrape();
    for (const secret of ["secret-token-xyz", "secret-callback", "secret-query-abc", "secret-path-def", "probe="])
      expect(text).not.toContain(secret);
    expect(
      sample(text, "http_requests_total", {
        method: "GET",
        route: "/api/auth/reset-password/:token",
        status_code: "404",
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, "http_requests_total", { method: "GET", route: "/api/health", status_code: "200" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, "http_requests_total", { method: "GET", route: "(unmatched)", status_code: "404" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, "http_request_duration_seconds_count", { method: "GET", route: "/api/health", status_code: "200" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, "http_request_duration_seconds_bucket", {
        method: "GET",
        route: "/api/health",
        status_code: "200",
        le: "+Inf",
      }),
    ).toBeGreaterThanOrEqual(1);
    // Default process metrics too.
    expect(sample(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });

  it("counts leads stored by kind, and repeats of an idempotency key apart (nothing stored)", async () => {
    const before = await scrape();
    for (const kind of leadKinds)
      expect(sample(before, "lender_leads_total", { kind, outcome: "stored" }), kind).toBe(0);
    const first = footer();
    expect((await post("/api/leads/footer-message", first)).statusCode).toBe(201);
    expect((await post("/api/leads/footer-message", footer())).statusCode).toBe(201);
    expect((await post("/api/leads/footer-message", first)).statusCode).toBe(200);
    const contact = {
      businessName: "Summit Trailers",
      contactName: "Ana Ruiz",
      phoneNumber: "(555) 010-2233",
      email: "ana@summit.example",
      idempotencyKey: randomUUID(),
    };
    expect((await post("/api/leads/vendor-contact", contact)).statusCode).toBe(201);
    expect((await post("/api/leads/footer-message", { ...footer(), nameUser: "" })).statusCode).toBe(400);
    const text = await scrape();
    expect(sample(text, "lender_leads_total", { kind: "footer_message", outcome: "stored" })).toBe(2);
    expect(sample(text, "lender_leads_total", { kind: "footer_message", outcome: "repeat" })).toBe(1);
    expect(sample(text, "lender_leads_total", { kind: "vendor_contact", outcome: "stored" })).toBe(1);
    expect(sample(text, "lender_leads_total", { kind: "credit_application", outcome: "stored" })).toBe(0);
  });

  it("counts rate-limit refusals by route", async () => {
    const address = loopbackAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await post("/api/leads/footer-message", footer(), address)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const text = await scrape();
    expect(sample(text, "lender_rate_limit_refusals_total", { route: "/api/leads/footer-message" })).toBe(2);
    expect(sample(text, "lender_leads_total", { kind: "footer_message", outcome: "stored" })).toBe(5);
  });

  it("counts sign-in failures", async () => {
    expect(sample(await scrape(), "lender_sign_in_failures_total", { step: "password" })).toBe(0);
    await createAccount(server.auth, {
      email: "staff@metrics.example",
      name: "S",
      role: authRoles.staff,
      password: "staff-password-1",
      emailVerified: true,
    });
    const { response } = await signIn(server.app, "staff@metrics.example", "wrong-password-1");
    expect(response.statusCode).toBe(401);
    let text = await scrape();
    expect(sample(text, "lender_sign_in_failures_total", { step: "password" })).toBe(1);
    expect(sample(text, "lender_sign_in_failures_total", { step: "totp" })).toBe(0);

    // A wrong second factor: enrolling TOTP with a code that is not the authenticator's.
    const { cookie } = await signIn(server.app, "staff@metrics.example", "staff-password-1");
    const send = (url: string, payload: object) =>
      server.app.inject({
        method: "POST",
        url,
        remoteAddress: loopbackAddress(),
        headers: { cookie, origin: testOrigin, "content-type": "application/json" },
        payload: JSON.stringify(payload),
      });
    const enable = await send("/api/auth/two-factor/enable", { password: "staff-password-1" });
    expect(enable.statusCode).toBe(200);
    const secret = new URL(enable.json().totpURI as string).searchParams.get("secret")!;
    const valid = new Set([-30_000, 0, 30_000].map((shift) => totp(secret, Date.now() + shift)));
    const wrong = ["000000", "111111", "222222", "333333"].find((code) => !valid.has(code))!;
    expect((await send("/api/auth/two-factor/verify-totp", { code: wrong })).statusCode).toBe(401);
    text = await scrape();
    expect(sample(text, "lender_sign_in_failures_total", { step: "totp" })).toBe(1);
    expect(sample(text, "lender_sign_in_failures_total", { step: "password" })).toBe(1);
  });

  it("shows the database pool on PostgreSQL and the last retention purge", async () => {
    let text = await scrape();
    expect(sample(text, "lender_database_up")).toBe(1);
    if (testDriver === "postgres") {
      expect(sample(text, "lender_db_pool_connections", { pool: "primary" })).toBeGreaterThan(0);
      expect(sample(text, "lender_db_pool_idle_connections", { pool: "primary" })).toBeGreaterThanOrEqual(0);
      expect(sample(text, "lender_db_pool_waiting_requests", { pool: "primary" })).toBe(0);
    } else {
      expect(text).not.toContain("lender_db_pool_connections{");
    }
    expect(sample(text, "lender_retention_last_purge_timestamp_seconds")).toBe(0);
    const result = await purgeExpiredData(server.database.db, server.app.storage, {
      retentionDays: 730,
      deliveredMailDays: 30,
    });
    expect(result.skipped).toBeUndefined();
    text = await scrape();
    expect(sample(text, "lender_retention_last_purge_timestamp_seconds")).toBeCloseTo(Date.now() / 1000, -1);
  });

  it("shows the outbox backlog growing while SMTP is down, and back to 0 once it is up", async () => {
    const before = await scrape();
    const pendingBefore = sample(before, "lender_mail_outbox_pending")!;
    expect(pendingBefore).toBeGreaterThan(0); // the leads above, not delivered: nobody listens
    for (let i = 0; i < 3; i += 1) expect((await post("/api/leads/footer-message", footer())).statusCode).toBe(201);
    const during = await scrape();
    expect(sample(during, "lender_mail_outbox_pending")).toBe(pendingBefore + 3);
    const age = sample(during, "lender_mail_outbox_oldest_pending_age_seconds")!;
    expect(age).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(sample(await scrape(), "lender_mail_outbox_oldest_pending_age_seconds")).toBeGreaterThan(age + 1);
    const [failed] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from mail_outbox where attempts > 0 and last_error is not null`,
    );
    expect(failed!.n).toBeGreaterThan(0);

    await smtp.start(smtpPort);
    // The failed mails wait out their backoff; like the outbox page's "retry", make them due now.
    await server.database.db.execute(sql`update mail_outbox set next_attempt_at = now() where status = 'pending'`);
    const deadline = Date.now() + 20_000;
    let text = await scrape();
    while (sample(text, "lender_mail_outbox_pending") !== 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      text = await scrape();
    }
    expect(sample(text, "lender_mail_outbox_pending")).toBe(0);
    expect(sample(text, "lender_mail_outbox_oldest_pending_age_seconds")).toBe(0);
    expect(smtp.mails.length).toBe(pendingBefore + 3);
  });
});
