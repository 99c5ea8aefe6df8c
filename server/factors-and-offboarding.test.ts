import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, like } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealerRoles } from "#domain/auth/dealer-roles.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { multipartBody, samplePdf } from "../tests/support/multipart.ts";
import { passwordLinkIn } from "../tests/support/password-link.ts";
import {
  cookiesFrom,
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../tests/support/test-server.ts";
import { totp } from "../tests/support/totp.ts";
import { createVendor } from "../tests/support/vendor-fixtures.ts";
import { sampleNewDealFields } from "./demo/sample-requests.ts";
import { apiKey } from "./api-keys/tables.ts";
import { auditLog } from "./audit/tables.ts";
import { session, user, verification } from "./auth/tables.ts";
import { dealDocument } from "./deals/tables.ts";
import { mailOutbox } from "./mail/tables.ts";
import { webhookEndpoint } from "./webhooks/tables.ts";
import { createAccount } from "./accounts/create-account.ts";
import { confirmFailuresPerHour, tooManyConfirmFailuresMessage } from "./accounts/confirm-identity-failures.ts";
import { deactivateUser } from "./accounts/deactivate-user.ts";
import { resetTwoFactor } from "./accounts/reset-two-factor.ts";
import { setPassword } from "./accounts/set-password.ts";
import { revealLinkSecrets } from "./mail/hide-link-secrets.ts";

// Abuse cases 12, 13, 18 and 19 of docs/threat-model.md: second factors that cannot be skipped, a fresh factor before
// new credentials and document downloads, and off-boarding that leaves nothing behind.

let server: TestServer;
let strict: TestServer;
const admin = { email: "admin@fo.example", password: "admin-password-1", cookie: "", id: "" };

beforeAll(async () => {
  [server, strict] = await Promise.all([
    startTestServer({ WEBHOOK_ALLOW_LOOPBACK: "true", WEBHOOK_POLL_MS: "3600000" }),
    startTestServer({ STAFF_2FA_REQUIRED: "true" }),
  ]);
  admin.id = (
    await createAccount(server.auth, {
      email: admin.email,
      name: "Ada",
      role: authRoles.admin,
      password: admin.password,
      emailVerified: true,
    })
  ).id;
  admin.cookie = (await signIn(server.app, admin.email, admin.password)).cookie;
});
afterAll(async () => {
  await server?.close();
  await strict?.close();
});

const json = (
  app: FastifyInstance,
  method: "GET" | "POST" | "PATCH",
  url: string,
  cookie: string,
  payload?: unknown,
  contentType = "application/json",
) =>
  app.inject({
    method,
    url,
    remoteAddress: loopbackAddress(),
    headers: { cookie, origin: testOrigin, ...(payload === undefined ? {} : { "content-type": contentType }) },
    payload: payload === undefined ? undefined : typeof payload === "string" ? payload : JSON.stringify(payload),
  });

const mailsTo = (target: TestServer, email: string) =>
  target.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt));

const tokenOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1]!.split(".")[0]!);

/** As if the session's last factor was proved `minutes` ago (the session itself may be brand new). */
const factorProvedAgo = (target: TestServer, cookie: string, minutes: number) =>
  target.database.db
    .update(session)
    .set({ factorVerifiedAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(session.token, tokenOf(cookie)));

/** A trusted device and a mailed link of the user, as better-auth stores them (value: the user's id). */
const plantVerificationRows = (target: TestServer, userId: string) =>
  target.database.db.insert(verification).values([
    {
      id: randomUUID(),
      identifier: `trust-device-${randomUUID()}`,
      value: userId,
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    },
    {
      id: randomUUID(),
      identifier: `reset-password:${randomUUID()}`,
      value: userId,
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  ]);
const verificationRowsOf = (target: TestServer, userId: string) =>
  target.database.db.select().from(verification).where(eq(verification.value, userId));

async function enrolTwoFactor(target: TestServer, cookie: string, password: string) {
  const enable = await json(target.app, "POST", "/api/auth/two-factor/enable", cookie, { password });
  expect(enable.statusCode).toBe(200);
  const secret = new URL(enable.json().totpURI as string).searchParams.get("secret")!;
  const verify = await json(target.app, "POST", "/api/auth/two-factor/verify-totp", cookie, {
    code: totp(secret, Date.now() - 30_000),
  });
  expect(verify.statusCode).toBe(200);
  return secret;
}

/** A staff user with TOTP on the strict server, signed in with password and code. */
async function enrolledStaff(name: string) {
  const email = `${name}-${randomUUID().slice(0, 6)}@fo.example`;
  const password = `${name}-staff-password`;
  const { id } = await createAccount(strict.auth, {
    email,
    name,
    role: authRoles.staff,
    password,
    emailVerified: true,
  });
  const secret = await enrolTwoFactor(strict, (await signIn(strict.app, email, password)).cookie, password);
  return { id, email, password, secret };
}

async function submitDeal(target: TestServer, cookie: string, businessName: string) {
  const upload = multipartBody({ deal: JSON.stringify(sampleNewDealFields({ businessName })) }, [
    { field: "client-info", name: "application.pdf", content: samplePdf },
  ]);
  const created = await target.app.inject({
    method: "POST",
    url: "/api/portal/deals",
    payload: upload.payload,
    headers: { cookie, origin: testOrigin, "content-type": upload.contentType },
  });
  expect(created.statusCode).toBe(201);
  return created.json().id as string;
}

describe("12. two-factor at every sign-in", () => {
  it("refuses trustDevice (and anything but the code) on both code endpoints, so the next sign-in asks for a code again", async () => {
    const staff = await enrolledStaff("trusty");
    const first = await signIn(strict.app, staff.email, staff.password);
    expect(first.response.json().twoFactorRedirect).toBe(true);
    const code = totp(staff.secret, Date.now() + 30_000);
    for (const [url, body, contentType] of [
      ["/api/auth/two-factor/verify-totp", { code, trustDevice: true }, "application/json"],
      ["/api/auth/two-factor/verify-backup-code", { code: "abcde-fghij", trustDevice: true }, "application/json"],
      ["/api/auth/two-factor/verify-totp", `code=${code}&trustDevice=true`, "application/x-www-form-urlencoded"],
      ["/api/auth/two-factor/verify-totp", "{not json", "application/json"],
    ] as const) {
      const refused = await json(strict.app, "POST", url, first.cookie, body, contentType);
      expect(refused.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(refused.json().code).toBe("VALIDATION_FAILED");
      expect(String(refused.headers["set-cookie"] ?? "")).not.toContain("trust_device");
    }
    // The code itself still signs in: the refusals spent nothing.
    const signedIn = await json(strict.app, "POST", "/api/auth/two-factor/verify-totp", first.cookie, { code });
    expect(signedIn.statusCode).toBe(200);
    expect(String(signedIn.headers["set-cookie"])).not.toContain("trust_device");
    expect(
      await strict.database.db.select().from(verification).where(like(verification.identifier, "trust-device-%")),
    ).toEqual([]);
    expect(
      (await signIn(strict.app, staff.email, staff.password, loopbackAddress())).response.json().twoFactorRedirect,
    ).toBe(true);
  });

  it("counts the five minutes of a reveal from the last factor proved (sign-in or confirmation), however new the session", async () => {
    const staff = await enrolledStaff("stepper");
    const first = await signIn(strict.app, staff.email, staff.password);
    const second = await json(strict.app, "POST", "/api/auth/two-factor/verify-totp", first.cookie, {
      code: totp(staff.secret),
    });
    const cookie = cookiesFrom(second.headers["set-cookie"]);
    // The code that made the session counts as a factor.
    expect((await json(strict.app, "GET", "/api/me", cookie)).json().recentAuthenticationSecondsLeft).toBeGreaterThan(
      4 * 60,
    );
    expect(
      (await json(strict.app, "GET", "/api/back-office/export/leads.csv?from=2020-01-01&to=2030-12-31", cookie))
        .statusCode,
    ).toBe(200);
    // A session made a second ago whose last factor is six minutes old (a trusted device's session was one): confirm
    // first.
    await factorProvedAgo(strict, cookie, 6);
    const [row] = await strict.database.db
      .select()
      .from(session)
      .where(eq(session.token, tokenOf(cookie)));
    expect(Date.now() - row!.createdAt.getTime()).toBeLessThan(60_000);
    const refused = await json(
      strict.app,
      "GET",
      "/api/back-office/export/leads.csv?from=2020-01-01&to=2030-12-31",
      cookie,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("REAUTHENTICATION_REQUIRED");
    expect((await json(strict.app, "GET", "/api/me", cookie)).json().recentAuthenticationSecondsLeft).toBe(0);
    expect(
      (
        await json(strict.app, "POST", "/api/me/confirm-identity", cookie, {
          code: totp(staff.secret, Date.now() + 30_000),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await json(strict.app, "GET", "/api/back-office/export/leads.csv?from=2020-01-01&to=2030-12-31", cookie))
        .statusCode,
    ).toBe(200);
  });

  it("removes trusted devices and pending links when two-factor or the password is reset", async () => {
    const staff = await enrolledStaff("reset");
    const operator = {
      auth: strict.auth,
      db: strict.database.db,
      brand: strict.config.public.brand,
      publicUrl: strict.config.publicUrl,
    };
    await plantVerificationRows(strict, staff.id);
    expect(await resetTwoFactor(operator, staff.email)).toBe(true);
    expect(await verificationRowsOf(strict, staff.id)).toEqual([]);

    await plantVerificationRows(strict, staff.id);
    expect(await setPassword(operator, staff.email, "a-brand-new-password-7")).toBeNull();
    expect(await verificationRowsOf(strict, staff.id)).toEqual([]);

    // A reset by mailed link: the other links and the trusted devices go with it.
    await json(strict.app, "POST", "/api/auth/request-password-reset", "", { email: staff.email });
    const { token } = passwordLinkIn(
      revealLinkSecrets(
        (await mailsTo(strict, staff.email)).find((mail) => mail.subject.startsWith("Reset"))!,
        strict.cipher,
      ).text,
    );
    await plantVerificationRows(strict, staff.id);
    expect(
      (await json(strict.app, "POST", "/api/auth/reset-password", "", { newPassword: "yet-another-password-8", token }))
        .statusCode,
    ).toBe(200);
    expect(await verificationRowsOf(strict, staff.id)).toEqual([]);
  });
});

describe("13. API keys and webhook endpoints", () => {
  it("need a factor proved within five minutes to be created, and every dealer admin of the company hears of them (no secret in the mail)", async () => {
    const vendor = await createVendor(server.database, server.auth, "Keyed Kubota");
    const colleague = `colleague-${randomUUID().slice(0, 6)}@vendor.example`;
    const rep = `rep-${randomUUID().slice(0, 6)}@vendor.example`;
    for (const [email, dealerRole] of [
      [colleague, dealerRoles.admin],
      [rep, dealerRoles.rep],
    ] as const)
      await createAccount(server.auth, {
        email,
        name: "Col",
        role: authRoles.vendor,
        password: "colleague-password-1",
        emailVerified: true,
        vendorCompanyId: vendor.company.id,
        dealerRole,
      });
    const { cookie } = await signIn(server.app, vendor.email, vendor.password);
    await factorProvedAgo(server, cookie, 6);
    const hook = { url: "http://127.0.0.1:9/hooks", events: ["deal.stage_changed"], description: "" };
    for (const [url, body] of [
      ["/api/portal/api-keys", { name: "Our DMS" }],
      ["/api/portal/webhooks", hook],
    ] as const) {
      const refused = await json(server.app, "POST", url, cookie, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code).toBe("REAUTHENTICATION_REQUIRED");
    }
    expect(await server.database.db.select().from(apiKey).where(eq(apiKey.vendorCompanyId, vendor.company.id))).toEqual(
      [],
    );
    expect(
      (await json(server.app, "POST", "/api/me/confirm-identity", cookie, { password: "not-the-password" })).statusCode,
    ).toBe(400);
    expect(
      (await json(server.app, "POST", "/api/me/confirm-identity", cookie, { password: vendor.password })).statusCode,
    ).toBe(200);

    const key = await json(server.app, "POST", "/api/portal/api-keys", cookie, { name: "Our DMS" });
    expect(key.statusCode).toBe(201);
    const endpoint = await json(server.app, "POST", "/api/portal/webhooks", cookie, hook);
    expect(endpoint.statusCode).toBe(201);
    for (const to of [vendor.email, colleague]) {
      const subjects = (await mailsTo(server, to)).map((mail) => mail.subject);
      expect(subjects).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/new .* API key was created/),
          expect.stringMatching(/new .* webhook endpoint was added/),
        ]),
      );
      for (const mail of await mailsTo(server, to)) {
        expect(mail.text + mail.html).not.toContain(key.json().secret);
        expect(mail.text + mail.html).not.toContain(endpoint.json().secret);
      }
    }
    // A sales rep manages no keys or webhooks: they are not told.
    expect(await mailsTo(server, rep)).toEqual([]);
    const keyMail = (await mailsTo(server, colleague)).find((mail) => mail.subject.includes("API key"))!;
    expect(keyMail.text).toContain(`"Our DMS" (${key.json().key.prefix}…)`);
    expect(keyMail.text).toContain(vendor.email);

    // Rolling a signing secret shows a new secret: the same step-up.
    await factorProvedAgo(server, cookie, 6);
    const roll = await json(
      server.app,
      "POST",
      `/api/portal/webhooks/${endpoint.json().endpoint.id}/roll-secret`,
      cookie,
    );
    expect(roll.json().code).toBe("REAUTHENTICATION_REQUIRED");
    // Switching an endpoint off needs nothing more; switching it back on sends events again: the step-up.
    const endpointUrl = `/api/portal/webhooks/${endpoint.json().endpoint.id}`;
    expect((await json(server.app, "PATCH", endpointUrl, cookie, { enabled: false })).statusCode).toBe(200);
    expect((await json(server.app, "PATCH", endpointUrl, cookie, { enabled: true })).json().code).toBe(
      "REAUTHENTICATION_REQUIRED",
    );
  });

  it("are revoked and disabled by a password reset and by an operator's set-password, whose mails list them", async () => {
    const vendor = await createVendor(server.database, server.auth, "Reset Rentals");
    const make = async () => {
      const { cookie } = await signIn(server.app, vendor.email, vendor.password);
      const key = (
        await json(server.app, "POST", "/api/portal/api-keys", cookie, { name: `Key ${randomUUID().slice(0, 4)}` })
      ).json();
      const hook = (
        await json(server.app, "POST", "/api/portal/webhooks", cookie, {
          url: `http://127.0.0.1:9/${randomUUID().slice(0, 4)}`,
          events: ["deal.created"],
          description: "",
        })
      ).json();
      expect(
        (await server.app.inject({ url: "/api/v1/deals", headers: { authorization: `Bearer ${key.secret}` } }))
          .statusCode,
      ).toBe(200);
      return { key, hook };
    };
    const stillWorks = (secret: string) =>
      server.app.inject({ url: "/api/v1/deals", headers: { authorization: `Bearer ${secret}` } });

    const before = await make();
    await json(server.app, "POST", "/api/auth/request-password-reset", "", { email: vendor.email });
    const { token } = passwordLinkIn(
      revealLinkSecrets(
        (await mailsTo(server, vendor.email)).find((mail) => mail.subject.startsWith("Reset"))!,
        server.cipher,
      ).text,
    );
    vendor.password = "reset-rentals-new-password";
    expect(
      (await json(server.app, "POST", "/api/auth/reset-password", "", { newPassword: vendor.password, token }))
        .statusCode,
    ).toBe(200);
    expect((await stillWorks(before.key.secret)).statusCode).toBe(401);
    const [endpointRow] = await server.database.db
      .select()
      .from(webhookEndpoint)
      .where(eq(webhookEndpoint.id, before.hook.endpoint.id));
    expect(endpointRow!.enabled).toBe(false);
    const resetMail = (await mailsTo(server, vendor.email)).find((mail) =>
      mail.subject.endsWith("password was changed"),
    )!;
    expect(resetMail.text).toContain("every session was signed out");
    expect(resetMail.text).toContain(`${before.key.key.name} (${before.key.key.prefix}…)`);
    expect(resetMail.text).toContain(before.hook.endpoint.url);

    const again = await make();
    const operator = {
      auth: server.auth,
      db: server.database.db,
      brand: server.config.public.brand,
      publicUrl: server.config.publicUrl,
    };
    expect(await setPassword(operator, vendor.email, "operator-chose-this-one")).toBeNull();
    expect((await stillWorks(again.key.secret)).statusCode).toBe(401);
    const operatorMail = (await mailsTo(server, vendor.email)).find(
      (mail) => mail.subject.endsWith("password was changed") && mail.text.includes("administrator"),
    )!;
    expect(operatorMail.text).toContain(`${again.key.key.name} (${again.key.key.prefix}…)`);
    expect(operatorMail.text).toContain(again.hook.endpoint.url);
    const revocations = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "api-key.revoke"), like(auditLog.subject, again.key.key.id)));
    expect(revocations).toHaveLength(1);
    expect(revocations[0]!.actorUserId).toBeNull();
  });
});

describe("18. deactivating staff and admins", () => {
  it("lets an admin deactivate a staff member: signed out, sign-in refused, links and trusted devices gone, audited; and reactivate them", async () => {
    const email = `leaver-${randomUUID().slice(0, 6)}@fo.example`;
    const { id } = await createAccount(server.auth, {
      email,
      name: "Lee Leaver",
      role: authRoles.staff,
      password: "leaver-password-1",
      emailVerified: true,
    });
    const leaver = await signIn(server.app, email, "leaver-password-1");
    await plantVerificationRows(server, id);

    // Staff who are not admins cannot, nor can vendors.
    expect(
      (await json(server.app, "POST", `/api/back-office/staff/${admin.id}/deactivate`, leaver.cookie)).statusCode,
    ).toBe(403);
    expect((await json(server.app, "GET", "/api/back-office/staff", leaver.cookie)).statusCode).toBe(403);

    expect((await json(server.app, "POST", `/api/back-office/staff/${id}/deactivate`, admin.cookie)).statusCode).toBe(
      200,
    );
    expect((await json(server.app, "GET", "/api/me", leaver.cookie)).statusCode).toBe(401);
    expect((await signIn(server.app, email, "leaver-password-1")).response.statusCode).not.toBe(200);
    expect(await verificationRowsOf(server, id)).toEqual([]);
    const listed = (await json(server.app, "GET", "/api/back-office/staff", admin.cookie)).json().staff as {
      id: string;
      active: boolean;
      role: string;
    }[];
    expect(listed.find((member) => member.id === id)).toMatchObject({ active: false, role: "staff" });
    expect(listed.some((member) => member.role === "vendor")).toBe(false);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "account.deactivated"), eq(auditLog.subject, id)));
    expect(audit!.actorUserId).toBe(admin.id);

    // A vendor is not staff: not found here (the vendors screen deactivates vendors).
    const vendor = await createVendor(server.database, server.auth, "Not Staff Supply");
    const [vendorRow] = await server.database.db.select().from(user).where(eq(user.email, vendor.email));
    expect(
      (await json(server.app, "POST", `/api/back-office/staff/${vendorRow!.id}/deactivate`, admin.cookie)).statusCode,
    ).toBe(404);

    expect((await json(server.app, "POST", `/api/back-office/staff/${id}/reactivate`, admin.cookie)).statusCode).toBe(
      200,
    );
    expect((await signIn(server.app, email, "leaver-password-1")).response.statusCode).toBe(200);
    expect((await mailsTo(server, email)).map((mail) => mail.subject)).toContain(
      `Your ${server.config.public.brand.name} account is active again`,
    );
  });

  it("keeps one active admin and never deactivates oneself; the operator command deactivates any user", async () => {
    expect(
      (await json(server.app, "POST", `/api/back-office/staff/${admin.id}/deactivate`, admin.cookie)).json().code,
    ).toBe("CONFLICT");
    const second = { email: `second-admin-${randomUUID().slice(0, 6)}@fo.example`, password: "second-admin-password" };
    const { id } = await createAccount(server.auth, {
      ...second,
      name: "Sid",
      role: authRoles.admin,
      emailVerified: true,
    });
    const secondCookie = (await signIn(server.app, second.email, second.password)).cookie;
    // Two admins: one may deactivate the other; then the one left is the last.
    expect((await json(server.app, "POST", `/api/back-office/staff/${id}/deactivate`, admin.cookie)).statusCode).toBe(
      200,
    );
    expect((await json(server.app, "GET", "/api/me", secondCookie)).statusCode).toBe(401);
    await expect(
      deactivateUser(server.database.db, { userId: null }, admin.id, Object.values(authRoles)),
    ).rejects.toThrow(/only active admin/);

    // The operator command (npm run admin -- deactivate) uses the same function, without an actor.
    const vendor = await createVendor(server.database, server.auth, "Operator Off-boarded");
    const { cookie } = await signIn(server.app, vendor.email, vendor.password);
    const key = (await json(server.app, "POST", "/api/portal/api-keys", cookie, { name: "Left behind" })).json();
    const [vendorRow] = await server.database.db.select().from(user).where(eq(user.email, vendor.email));
    await deactivateUser(server.database.db, { userId: null }, vendorRow!.id, Object.values(authRoles));
    expect((await json(server.app, "GET", "/api/me", cookie)).statusCode).toBe(401);
    const [revoked] = await server.database.db.select().from(apiKey).where(eq(apiKey.id, key.key.id));
    expect(revoked!.revokedAt).not.toBeNull();
  });
});

describe("19. back-office document downloads", () => {
  it("need a factor proved within five minutes, like a reveal", async () => {
    const vendor = await createVendor(server.database, server.auth, "Download Dozers");
    const dealId = await submitDeal(
      server,
      (await signIn(server.app, vendor.email, vendor.password)).cookie,
      "DOWNLOAD DOZERS",
    );
    const [document] = await server.database.db.select().from(dealDocument).where(eq(dealDocument.dealId, dealId));
    const staff = await signIn(server.app, admin.email, admin.password);
    const download = () => json(server.app, "GET", `/api/back-office/documents/${document!.id}`, staff.cookie);
    expect((await download()).statusCode).toBe(200);
    await factorProvedAgo(server, staff.cookie, 6);
    const refused = await download();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("REAUTHENTICATION_REQUIRED");
    expect(
      (await json(server.app, "POST", "/api/me/confirm-identity", staff.cookie, { password: admin.password }))
        .statusCode,
    ).toBe(200);
    expect((await download()).headers["content-disposition"]).toMatch(/^attachment/);
  });
});

describe("confirming it is you, from a stolen session", () => {
  it(`ends the session after ${confirmFailuresPerHour} failed confirmations of the account in an hour, whatever the addresses`, async () => {
    const vendor = await createVendor(server.database, server.auth, `Guessed Gear ${randomUUID().slice(0, 6)}`);
    const { cookie } = await signIn(server.app, vendor.email, vendor.password);
    // Each try from another address: the per-address limit alone would never stop this guesser.
    for (let attempt = 0; attempt < confirmFailuresPerHour; attempt += 1) {
      expect(
        (await json(server.app, "POST", "/api/me/confirm-identity", cookie, { password: `guess-${attempt}-password` }))
          .statusCode,
      ).toBe(400);
    }
    const refused = await json(server.app, "POST", "/api/me/confirm-identity", cookie, { password: vendor.password });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(tooManyConfirmFailuresMessage);
    expect((await json(server.app, "GET", "/api/me", cookie)).statusCode).toBe(401);
    // The owner signs in again with the password: a new session, its factor just proved.
    expect((await signIn(server.app, vendor.email, vendor.password)).response.statusCode).toBe(200);
  });
});

describe("two admins at once", () => {
  it("lets one of two admins who deactivate each other at the same moment win, the other refused, never a 5xx", async () => {
    const [first, second] = await Promise.all(
      ["first", "second"].map((name) =>
        createAccount(server.auth, {
          email: `${name}-racer-${randomUUID().slice(0, 6)}@fo.example`,
          name,
          role: authRoles.admin,
          password: `${name}-racer-password`,
          emailVerified: true,
        }),
      ),
    );
    const results = await Promise.allSettled([
      deactivateUser(server.database.db, { userId: first!.id }, second!.id, [authRoles.admin]),
      deactivateUser(server.database.db, { userId: second!.id }, first!.id, [authRoles.admin]),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refusal = results.find((result) => result.status === "rejected")!.reason as { code?: string };
    expect(refusal.code).toBe("FORBIDDEN");
    const banned = await server.database.db
      .select({ id: user.id, banned: user.banned })
      .from(user)
      .where(inArray(user.id, [first!.id, second!.id]));
    expect(banned.filter((row) => row.banned)).toHaveLength(1);
  });
});
