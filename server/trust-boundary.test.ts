import { randomUUID } from "node:crypto";
import { and, desc, eq, like } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetMessages } from "#domain/auth/password-reset-schema.ts";
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
import { sampleCreditApplication, sampleNewDealFields } from "./demo/sample-requests.ts";
import { createVendor } from "../tests/support/vendor-fixtures.ts";
import { auditLog } from "./audit/tables.ts";
import { session, user } from "./auth/tables.ts";
import { deal } from "./deals/tables.ts";
import { footerMessage } from "./leads/tables.ts";
import { mailOutbox } from "./mail/tables.ts";
import { confirmFailuresPerHour } from "./accounts/confirm-identity-failures.ts";
import { createAccount } from "./accounts/create-account.ts";
import { revealLinkSecrets } from "./mail/hide-link-secrets.ts";
import { resetTwoFactor } from "./accounts/reset-two-factor.ts";
import { setPassword } from "./accounts/set-password.ts";

// The holes found by trying to break in (issue "Trust boundary"), each as the attack that worked.

let server: TestServer;
let strict: TestServer;
const admin = { email: "admin@tb.example", password: "admin-password-1", cookie: "" };

beforeAll(async () => {
  server = await startTestServer();
  strict = await startTestServer({ STAFF_2FA_REQUIRED: "true" });
  await createAccount(server.auth, {
    email: admin.email,
    name: "Ada",
    role: authRoles.admin,
    password: admin.password,
    emailVerified: true,
  });
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
  origin = testOrigin,
) =>
  app.inject({
    method,
    url,
    remoteAddress: loopbackAddress(),
    headers: { cookie, origin, "content-type": "application/json" },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });

/** The mails queued to an address, newest first, as they will be sent (the rows keep their links hidden). */
const mailsTo = async (target: TestServer, email: string) =>
  (
    await target.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.createdAt))
  ).map((row) => ({
    ...row,
    ...revealLinkSecrets(row, target.cipher),
  }));

const auditActions = async (target: TestServer, actorOrSubject: string) =>
  (await target.database.db.select().from(auditLog))
    .filter((row) => row.actorUserId === actorOrSubject || row.subject === actorOrSubject)
    .map((row) => row.action);

/** Moves a session's clock back: as if it was created, last active, or last proved a factor, `minutes` ago. */
const age = (
  target: TestServer,
  cookie: string,
  column: "createdAt" | "updatedAt" | "factorVerifiedAt",
  minutes: number,
) =>
  target.database.db
    .update(session)
    .set({ [column]: new Date(Date.now() - minutes * 60_000) })
    .where(eq(session.token, decodeURIComponent(cookie.split("=")[1]!.split(".")[0]!)));

/** Enrols TOTP the way the back office does; returns the secret and the session that enrolment leaves. */
async function enrolTwoFactor(target: TestServer, cookie: string, password: string) {
  const enable = await json(target.app, "POST", "/api/auth/two-factor/enable", cookie, { password });
  expect(enable.statusCode).toBe(200);
  const secret = new URL(enable.json().totpURI as string).searchParams.get("secret")!;
  // The previous step's code (still accepted): the current and next steps stay free for the test.
  const verify = await json(target.app, "POST", "/api/auth/two-factor/verify-totp", cookie, {
    code: totp(secret, Date.now() - 30_000),
  });
  expect(verify.statusCode).toBe(200);
  return { secret, cookie: cookiesFrom(verify.headers["set-cookie"]) || cookie };
}

/** Password, then a TOTP code: the session cookie, or the refusal. */
async function signInWithCode(target: TestServer, email: string, password: string, code: string) {
  const first = await signIn(target.app, email, password);
  expect(first.response.json().twoFactorRedirect).toBe(true);
  const second = await json(target.app, "POST", "/api/auth/two-factor/verify-totp", first.cookie, { code });
  return { response: second, cookie: cookiesFrom(second.headers["set-cookie"]) };
}

describe("1. the auth library's admin endpoints", () => {
  it("are unreachable for a password-only admin: no user list, impersonation, password setting, role change or account creation", async () => {
    const vendor = await createVendor(server.database, server.auth, "Target Tractors");
    const [target] = await server.database.db.select().from(user).where(eq(user.email, vendor.email));
    const attempts: [string, unknown][] = [
      ["/api/auth/admin/list-users", undefined],
      ["/api/auth/admin/impersonate-user", { userId: target!.id }],
      ["/api/auth/admin/set-user-password", { userId: target!.id, newPassword: "attacker-password-1" }],
      ["/api/auth/admin/set-role", { userId: target!.id, role: "admin" }],
      [
        "/api/auth/admin/create-user",
        { email: "mallory@tb.example", password: "attacker-password-1", name: "M", role: "admin" },
      ],
    ];
    for (const target of [server, strict]) {
      if (target === strict)
        await createAccount(strict.auth, {
          email: admin.email,
          name: "Ada",
          role: authRoles.admin,
          password: admin.password,
          emailVerified: true,
        });
      const cookie = target === server ? admin.cookie : (await signIn(strict.app, admin.email, admin.password)).cookie;
      for (const [url, body] of attempts) {
        const response = await json(target.app, body === undefined ? "GET" : "POST", url, cookie, body);
        expect(response.statusCode, url).toBe(404);
      }
    }
    expect((await signIn(server.app, vendor.email, vendor.password)).response.statusCode).toBe(200);
    expect((await signIn(server.app, vendor.email, "attacker-password-1")).response.statusCode).toBe(401);
    const [after] = await server.database.db.select().from(user).where(eq(user.id, target!.id));
    expect(after!.role).toBe(authRoles.vendor);
    expect(await server.database.db.select().from(user).where(eq(user.email, "mallory@tb.example"))).toEqual([]);
  });
});

describe("2. percent-encoded paths", () => {
  it("meet the same CSRF check as the plain path: a cross-site PATCH with an admin cookie changes nothing", async () => {
    const vendor = await createVendor(server.database, server.auth, "Encoded Excavators");
    const vendorCookie = (await signIn(server.app, vendor.email, vendor.password)).cookie;
    const upload = multipartBody({ deal: JSON.stringify(sampleNewDealFields({ businessName: "ENCODED PAVING" })) }, [
      { field: "client-info", name: "a.pdf", content: samplePdf },
    ]);
    const created = await server.app.inject({
      method: "POST",
      url: "/api/portal/deals",
      payload: upload.payload,
      headers: { cookie: vendorCookie, origin: testOrigin, "content-type": upload.contentType },
    });
    const dealId = created.json().id as string;
    for (const url of [
      `/%61pi/back-office/deals/${dealId}`,
      `/ap%69/back-office/deals/${dealId}`,
      `/api/%62ack-office/deals/${dealId}`,
    ]) {
      const response = await json(server.app, "PATCH", url, admin.cookie, { stage: 9 }, "https://evil.example");
      expect(response.statusCode, url).toBe(403);
      expect(response.headers["cache-control"]).toBe("no-store");
    }
    const [stored] = await server.database.db.select().from(deal).where(eq(deal.id, dealId));
    expect(stored!.stage).toBe(1);
    // The same route still answers its own origin (the encoded path reaches it: the guard is what changed).
    expect((await json(server.app, "GET", `/%61pi/back-office/deals/${dealId}`, admin.cookie)).statusCode).toBe(200);
  });

  it("count toward the lead-form limit like the plain path", async () => {
    const address = loopbackAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const url = ["/api/leads/footer-message", "/%61pi/leads/footer-message", "/api/%6Ceads/footer-message"][
        attempt % 3
      ]!;
      const response = await server.app.inject({
        method: "POST",
        url,
        remoteAddress: address,
        headers: { origin: testOrigin, "content-type": "application/json" },
        payload: {
          nameOfBusiness: "Limit Test",
          nameUser: "Lee",
          emailUser: "lee@tb.example",
          subjectUser: `Hello ${attempt}`,
          idempotencyKey: randomUUID(),
        },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 201 || status === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(
      await server.database.db.select().from(footerMessage).where(eq(footerMessage.nameOfBusiness, "Limit Test")),
    ).toHaveLength(10);
  });
});

describe("3. tokens in URLs and the server log", () => {
  it("mails invitation and reset links with the token in the fragment only, refuses it in a URL, and logs none of their tokens; an unverified account gets its invitation again, not a verification link", async () => {
    const email = `invited-${randomUUID().slice(0, 6)}@tb.example`;
    expect(
      (
        await json(server.app, "POST", "/api/back-office/vendors", admin.cookie, {
          firstName: "Ivy",
          companyId: "731731",
          companyEmail: email,
          companyName: "Ivy Implements",
          companyAlreadyInSystem: false,
        })
      ).statusCode,
    ).toBe(201);
    const invitation = (await mailsTo(server, email))[0]!;
    const { token: invitationToken } = passwordLinkIn(invitation.text + invitation.html);
    // better-auth's link (token in the path, redirected into a query string) answers like any endpoint not routed.
    const unrouted = await server.app.inject(
      `/api/auth/reset-password/${invitationToken}?callbackURL=%2Freset-password`,
    );
    expect(unrouted.statusCode).toBe(404);
    expect(unrouted.json()).toEqual((await server.app.inject("/api/auth/no-such-endpoint/x")).json());
    // The token is taken from the body only, never from the URL.
    const inQuery = await json(server.app, "POST", `/api/auth/reset-password?token=${invitationToken}`, "", {
      newPassword: "ivy-chooses-this-1",
    });
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json().code).toBe("TOKEN_IN_URL");
    expect(
      (
        await json(server.app, "POST", "/api/auth/reset-password", "", {
          newPassword: "ivy-chooses-this-1",
          token: invitationToken,
        })
      ).statusCode,
    ).toBe(200);

    await json(server.app, "POST", "/api/auth/request-password-reset", "", { email });
    const reset = (await mailsTo(server, email)).find((mail) => mail.subject.startsWith("Reset"))!;
    const { token: resetToken } = passwordLinkIn(reset.text + reset.html);
    expect(
      (await server.app.inject(`/api/auth/reset-password/${resetToken}?callbackURL=%2Freset-password`)).statusCode,
    ).toBe(404);
    expect(
      (
        await json(server.app, "POST", "/api/auth/reset-password", "", {
          newPassword: "ivy-chooses-again-2",
          token: resetToken,
        })
      ).statusCode,
    ).toBe(200);

    // An unverified account signing in with its password is sent its invitation again, never the
    // library's verification link (a token in the query string); that route is not exposed.
    const unverified = `unverified-${randomUUID().slice(0, 6)}@tb.example`;
    await createAccount(server.auth, {
      email: unverified,
      name: "U",
      role: authRoles.vendor,
      password: "unverified-password-1",
      emailVerified: false,
    });
    expect((await signIn(server.app, unverified, "unverified-password-1")).response.statusCode).toBe(403);
    const { token: firstToken } = passwordLinkIn((await mailsTo(server, unverified))[0]!.text);
    expect((await signIn(server.app, unverified, "unverified-password-1")).response.statusCode).toBe(403);
    // Only the newest mail opens the account.
    const again = (await mailsTo(server, unverified)).find((mail) => !mail.text.includes(firstToken))!;
    expect(
      (
        await json(server.app, "POST", "/api/auth/reset-password", "", {
          newPassword: "unverified-chooses-2",
          token: firstToken,
        })
      ).statusCode,
    ).toBe(400);
    expect(again.text + again.html).not.toContain("verify-email");
    const { token: againToken } = passwordLinkIn(again.text + again.html);
    const oldLink = "eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6InVAdGIuZXhhbXBsZSJ9.old-verification-link";
    expect((await server.app.inject(`/api/auth/verify-email?token=${oldLink}&callbackURL=%2F`)).statusCode).toBe(404);
    expect(
      (
        await json(server.app, "POST", "/api/auth/reset-password", "", {
          newPassword: "unverified-chooses-3",
          token: againToken,
        })
      ).statusCode,
    ).toBe(200);
    expect((await signIn(server.app, unverified, "unverified-chooses-3")).response.statusCode).toBe(200);

    const log = server.logs();
    expect(log).toContain('"url":"/api/auth/reset-password/:token"');
    for (const secret of [
      invitationToken,
      resetToken,
      firstToken,
      againToken,
      oldLink,
      "ivy-chooses-this-1",
      "ivy-chooses-again-2",
      "unverified-chooses-3",
    ])
      expect(log).not.toContain(secret);
  });
});

describe("4. TOTP codes", () => {
  it("signs in once with a code: the same code again, even sent twice at once, is refused, and failures and enrolment are audited", async () => {
    const email = "totp@tb.example";
    const password = "totp-staff-password";
    const { id } = await createAccount(strict.auth, {
      email,
      name: "Tess",
      role: authRoles.staff,
      password,
      emailVerified: true,
    });
    const { secret } = await enrolTwoFactor(strict, (await signIn(strict.app, email, password)).cookie, password);
    const nextCode = totp(secret, Date.now() + 30_000);
    expect((await signInWithCode(strict, email, password, nextCode)).response.statusCode).toBe(200);
    const replay = await signInWithCode(strict, email, password, nextCode);
    expect(replay.response.statusCode).toBe(401);
    expect(replay.response.json().code).toBe("TOTP_CODE_REUSED");

    const racer = { email: "racer@tb.example", password: "racer-staff-password" };
    await createAccount(strict.auth, { ...racer, name: "Rae", role: authRoles.staff, emailVerified: true });
    const enrolled = await enrolTwoFactor(
      strict,
      (await signIn(strict.app, racer.email, racer.password)).cookie,
      racer.password,
    );
    const racingCode = totp(enrolled.secret, Date.now() + 30_000);
    const [first, second] = await Promise.all([
      signIn(strict.app, racer.email, racer.password),
      signIn(strict.app, racer.email, racer.password),
    ]);
    const racing = await Promise.all(
      [first, second].map((attempt) =>
        json(strict.app, "POST", "/api/auth/two-factor/verify-totp", attempt.cookie, { code: racingCode }),
      ),
    );
    expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 401]);

    expect((await signInWithCode(strict, email, password, "000000")).response.statusCode).toBe(401);
    const actions = await auditActions(strict, id);
    expect(actions).toContain("two-factor.enabled");
    expect(actions.filter((action) => action === "two-factor.failed").length).toBeGreaterThanOrEqual(2);
    expect((await mailsTo(strict, email)).map((mail) => mail.subject)).toContain(
      `Two-factor authentication is on for your ${strict.config.public.brand.name} account`,
    );
  });
});

describe("operator changes to an account", () => {
  it("removes two-factor and sets passwords only with an audit entry and a mail, signing the user out", async () => {
    const email = "lost-phone@tb.example";
    const password = "lost-phone-password";
    const { id } = await createAccount(strict.auth, {
      email,
      name: "Lou",
      role: authRoles.staff,
      password,
      emailVerified: true,
    });
    const enrolled = await enrolTwoFactor(strict, (await signIn(strict.app, email, password)).cookie, password);
    const operator = {
      auth: strict.auth,
      db: strict.database.db,
      brand: strict.config.public.brand,
      publicUrl: strict.config.publicUrl,
    };
    expect(await resetTwoFactor(operator, email)).toBe(true);
    expect((await json(strict.app, "GET", "/api/me", enrolled.cookie)).statusCode).toBe(401);
    const again = await signIn(strict.app, email, password);
    expect(again.response.json().twoFactorRedirect).toBeUndefined();
    expect((await json(strict.app, "GET", "/api/back-office/deals", again.cookie)).json().code).toBe(
      "TWO_FACTOR_REQUIRED",
    );

    expect(await setPassword(operator, email, "letmein123")).toBe("too-common");
    expect(await setPassword(operator, email, "a-new-long-password")).toBeNull();
    expect((await json(strict.app, "GET", "/api/me", again.cookie)).statusCode).toBe(401);
    expect(await auditActions(strict, id)).toEqual(
      expect.arrayContaining(["two-factor.removed", "password.set-by-operator"]),
    );
    expect((await mailsTo(strict, email)).map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([
        `Two-factor authentication is off for your ${strict.config.public.brand.name} account`,
        `Your ${strict.config.public.brand.name} password was changed`,
      ]),
    );
  });
});

describe("sessions (ASVS V7)", () => {
  it("ends a staff session after 30 idle minutes and after 12 hours, a vendor's after 7 days, and tells the back office when", async () => {
    const staff = await signIn(server.app, admin.email, admin.password);
    const me = (await json(server.app, "GET", "/api/me", staff.cookie)).json();
    expect(me.sessionSecondsLeft).toBeGreaterThan(29 * 60);
    expect(me.sessionSecondsLeft).toBeLessThanOrEqual(30 * 60);
    const [row] = await server.database.db
      .select()
      .from(session)
      .where(and(eq(session.token, decodeURIComponent(staff.cookie.split("=")[1]!.split(".")[0]!))));
    expect(Math.abs(row!.expiresAt.getTime() - row!.createdAt.getTime() - 12 * 60 * 60_000)).toBeLessThan(1000);

    await age(server, staff.cookie, "updatedAt", 20);
    expect((await json(server.app, "GET", "/api/back-office/deals", staff.cookie)).statusCode).toBe(200);
    await age(server, staff.cookie, "updatedAt", 31);
    const idle = await json(server.app, "GET", "/api/back-office/deals", staff.cookie);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().message).toBe("Your session has ended. Please sign in again.");
    expect((await json(server.app, "GET", "/api/me", staff.cookie)).statusCode).toBe(401);

    const busy = await signIn(server.app, admin.email, admin.password);
    await age(server, busy.cookie, "createdAt", 12 * 60 + 1);
    expect((await json(server.app, "GET", "/api/back-office/deals", busy.cookie)).statusCode).toBe(401);

    const vendor = await createVendor(server.database, server.auth, "Week Long Wheels");
    const vendorSession = await signIn(server.app, vendor.email, vendor.password);
    await age(server, vendorSession.cookie, "updatedAt", 3 * 24 * 60);
    await age(server, vendorSession.cookie, "createdAt", 6 * 24 * 60);
    expect((await json(server.app, "GET", "/api/portal/deals", vendorSession.cookie)).statusCode).toBe(200);
    await age(server, vendorSession.cookie, "createdAt", 7 * 24 * 60 + 1);
    expect((await json(server.app, "GET", "/api/portal/deals", vendorSession.cookie)).statusCode).toBe(401);
  });

  it("keeps a staff session alive on request, and reading /api/me is not activity", async () => {
    const staff = await signIn(server.app, admin.email, admin.password);
    await age(server, staff.cookie, "updatedAt", 25);
    expect((await json(server.app, "GET", "/api/me", staff.cookie)).json().sessionSecondsLeft).toBeLessThan(6 * 60);
    const kept = await json(server.app, "POST", "/api/me/keep-alive", staff.cookie, {});
    expect(kept.json().sessionSecondsLeft).toBeGreaterThan(29 * 60);
  });
});

describe("a fresh factor before reveals and exports (ASVS V7)", () => {
  it("asks staff signed in more than five minutes ago to confirm with a code (or their password without two-factor), once, audited", async () => {
    const stored = await server.app.inject({
      method: "POST",
      url: "/api/leads/credit-application",
      remoteAddress: loopbackAddress(),
      headers: { origin: testOrigin, "content-type": "application/json" },
      payload: sampleCreditApplication(),
    });
    const applicationId = String(stored.json().id);
    const email = "step-up@tb.example";
    const password = "step-up-staff-password";
    await createAccount(strict.auth, { email, name: "Stu", role: authRoles.admin, password, emailVerified: true });
    const { secret } = await enrolTwoFactor(strict, (await signIn(strict.app, email, password)).cookie, password);
    const strictApplication = await strict.app.inject({
      method: "POST",
      url: "/api/leads/credit-application",
      remoteAddress: loopbackAddress(),
      headers: { origin: testOrigin, "content-type": "application/json" },
      payload: sampleCreditApplication(),
    });
    const signInCode = totp(secret);
    const signedIn = await signInWithCode(strict, email, password, signInCode);
    const reveal = () =>
      json(
        strict.app,
        "POST",
        `/api/back-office/credit-applications/${String(strictApplication.json().id)}/reveal`,
        signedIn.cookie,
        { field: "fedId" },
      );
    const exportLeads = () =>
      json(strict.app, "GET", "/api/back-office/export/leads.csv?from=2020-01-01&to=2030-12-31", signedIn.cookie);
    expect((await reveal()).statusCode).toBe(200);

    await age(strict, signedIn.cookie, "factorVerifiedAt", 6);
    for (const attempt of [await reveal(), await exportLeads()]) {
      expect(attempt.statusCode).toBe(403);
      expect(attempt.json().code).toBe("REAUTHENTICATION_REQUIRED");
    }
    expect((await json(strict.app, "GET", "/api/me", signedIn.cookie)).json().recentAuthenticationSecondsLeft).toBe(0);
    expect(
      (await json(strict.app, "POST", "/api/me/confirm-identity", signedIn.cookie, { code: "000000" })).statusCode,
    ).toBe(400);
    expect((await json(strict.app, "POST", "/api/me/confirm-identity", signedIn.cookie, { password })).statusCode).toBe(
      400,
    );
    // The code that signed in is spent: it cannot confirm.
    expect(
      (await json(strict.app, "POST", "/api/me/confirm-identity", signedIn.cookie, { code: signInCode })).statusCode,
    ).toBe(400);
    const confirmed = await json(strict.app, "POST", "/api/me/confirm-identity", signedIn.cookie, {
      code: totp(secret, Date.now() + 30_000),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().recentAuthenticationSecondsLeft).toBeGreaterThan(4 * 60);
    expect((await reveal()).json().value).toBe("98-7654321");
    expect((await exportLeads()).statusCode).toBe(200);
    const [actor] = await strict.database.db.select().from(user).where(eq(user.email, email));
    expect(await auditActions(strict, actor!.id)).toEqual(
      expect.arrayContaining(["reauthenticated", "reauthentication.failed", "sensitive.reveal", "export.leads"]),
    );

    // Ten failed confirmations of the account an hour (three above, seven here), then refused and signed out.
    const guesser = loopbackAddress();
    const guesses: number[] = [];
    for (let attempt = 0; attempt < confirmFailuresPerHour - 2; attempt += 1) {
      guesses.push(
        (
          await strict.app.inject({
            method: "POST",
            url: "/api/me/confirm-identity",
            remoteAddress: guesser,
            headers: { cookie: signedIn.cookie, origin: testOrigin, "content-type": "application/json" },
            payload: { code: "000000" },
          })
        ).statusCode,
      );
    }
    expect(guesses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(guesses.at(-1)).toBe(429);
    expect((await json(strict.app, "GET", "/api/me", signedIn.cookie)).statusCode).toBe(401);

    // Without two-factor (the local demo), the password confirms.
    await age(server, admin.cookie, "factorVerifiedAt", 6);
    expect(
      (
        await json(server.app, "POST", `/api/back-office/credit-applications/${applicationId}/reveal`, admin.cookie, {
          field: "fedId",
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await json(server.app, "POST", "/api/me/confirm-identity", admin.cookie, { password: "wrong-password-9" }))
        .statusCode,
    ).toBe(400);
    expect(
      (await json(server.app, "POST", "/api/me/confirm-identity", admin.cookie, { password: admin.password }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await json(server.app, "POST", `/api/back-office/credit-applications/${applicationId}/reveal`, admin.cookie, {
          field: "fedId",
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe("passwords and account mails (ASVS V6)", () => {
  it("refuses a common password at reset, and tells the owner when an invitation is used and when a password is reset", async () => {
    const email = `owner-${randomUUID().slice(0, 6)}@tb.example`;
    expect(
      (
        await json(server.app, "POST", "/api/back-office/vendors", admin.cookie, {
          firstName: "Owen",
          companyId: "842842",
          companyEmail: email,
          companyName: "Owen Outdoor",
          companyAlreadyInSystem: false,
        })
      ).statusCode,
    ).toBe(201);
    const { token } = passwordLinkIn((await mailsTo(server, email))[0]!.text);
    const common = await json(server.app, "POST", "/api/auth/reset-password", "", {
      newPassword: "Password123",
      token,
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(passwordResetMessages.tooCommon);
    expect(
      (await json(server.app, "POST", "/api/auth/reset-password", "", { newPassword: "owen-picks-a-long-one", token }))
        .statusCode,
    ).toBe(200);
    expect((await mailsTo(server, email))[0]!.subject).toBe(`Your ${server.config.public.brand.name} account is ready`);

    await json(server.app, "POST", "/api/auth/request-password-reset", "", { email });
    const { token: resetToken } = passwordLinkIn(
      (await mailsTo(server, email)).find((mail) => mail.subject.startsWith("Reset"))!.text,
    );
    expect(
      (
        await json(server.app, "POST", "/api/auth/reset-password", "", {
          newPassword: "owen-picks-another-one",
          token: resetToken,
        })
      ).statusCode,
    ).toBe(200);
    expect((await mailsTo(server, email))[0]!.subject).toBe(
      `Your ${server.config.public.brand.name} password was changed`,
    );
    expect((await mailsTo(server, email))[0]!.text).not.toContain("owen-picks-another-one");

    const [owner] = await server.database.db.select().from(user).where(eq(user.email, email));
    const actions = await auditActions(server, owner!.id);
    expect(actions).toEqual(expect.arrayContaining(["invitation.accepted", "password.reset"]));
    expect(
      await server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "password-reset.requested"), like(auditLog.subject, email))),
    ).toHaveLength(1);
  });
});
