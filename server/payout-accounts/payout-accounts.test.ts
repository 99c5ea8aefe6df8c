import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealerRoles, type DealerRole } from "#domain/auth/dealer-roles.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { payoutAccountMessages } from "#domain/payout-accounts/payout-account-rules.ts";
import type { PayoutAccountPage, PayoutAccountView } from "#domain/payout-accounts/portal-contracts.ts";
import { SmtpCatcher } from "../../tests/support/smtp-catcher.ts";
import {
  cookiesFrom,
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { totp } from "../../tests/support/totp.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
import { createAccount } from "../accounts/create-account.ts";
import { auditLog } from "../audit/tables.ts";
import { user } from "../auth/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { apiKeyVendorScope } from "../shared/vendor-scope.ts";
import { workingCalendarDay } from "../working-calendar/tables.ts";
import { confirmPayoutAccount } from "./confirm-payout-account.ts";
import { payoutAccount } from "./tables.ts";
import { usablePayoutAccount } from "./usable-payout-account.ts";

// docs/product-rules.md#r59-payout-accounts: a dealer admin enters the company's payout account, confirms it
// with a second factor, every admin and the credit team hear of it, and payouts wait for the cooling-off.

let smtp: SmtpCatcher;
let server: TestServer;
let staff: string;

beforeAll(async () => {
  smtp = await new SmtpCatcher().start();
  server = await startTestServer({ SMTP_URL: smtp.url });
  await createAccount(server.auth, {
    email: "staff@payout.example",
    name: "Sam Staff",
    role: authRoles.staff,
    password: "staff-password-1",
    emailVerified: true,
  });
  staff = (await signIn(server.app, "staff@payout.example", "staff-password-1")).cookie;
});
afterAll(async () => {
  await server?.close();
  await smtp?.stop();
});

const db = () => server.database.db;
const send = (method: "GET" | "POST", url: string, cookie: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    payload,
    remoteAddress: loopbackAddress(),
    headers: { cookie, origin: testOrigin },
  });

type Member = { id: string; email: string; name: string; cookie: string; password: string };

/** A company with its first dealer admin, a second admin and a sales rep. */
async function dealer(name: string) {
  const created = await createVendor(server.database, server.auth, name);
  const [row] = await db().select({ id: user.id, name: user.name }).from(user).where(eq(user.email, created.email));
  const admin: Member = {
    id: row!.id,
    name: row!.name,
    email: created.email,
    password: created.password,
    cookie: (await signIn(server.app, created.email, created.password)).cookie,
  };
  const member = async (tag: string, dealerRole: DealerRole): Promise<Member> => {
    const email = `${tag}@${created.company.slug}.example`;
    const memberName = `${tag[0]!.toUpperCase()}${tag.slice(1)} of ${name}`;
    const { id } = await createAccount(server.auth, {
      email,
      name: memberName,
      role: authRoles.vendor,
      password: "member-password-12",
      emailVerified: true,
      vendorCompanyId: created.company.id,
      dealerRole,
    });
    return {
      id,
      email,
      name: memberName,
      password: "member-password-12",
      cookie: (await signIn(server.app, email, "member-password-12")).cookie,
    };
  };
  return {
    company: created.company,
    admin,
    secondAdmin: await member("ada", dealerRoles.admin),
    rep: await member("rita", dealerRoles.rep),
  };
}

const accountNumber = "000123456789";
const entry = (overrides: Record<string, string> = {}) => ({
  holderName: "Harbor Paving LLC",
  routingNumber: "021000021",
  accountNumber,
  accountNumberAgain: accountNumber,
  accountType: "checking",
  ...overrides,
});

const enter = (cookie: string, overrides: Record<string, string> = {}) =>
  send("POST", "/api/portal/payout-account", cookie, entry(overrides));
const page = async (cookie: string) =>
  (await send("GET", "/api/portal/payout-account", cookie)).json() as PayoutAccountPage;
const confirm = (cookie: string, code: string) => send("POST", "/api/portal/payout-account/confirm", cookie, { code });

const codePattern = /Your code is (\d{6})/;

/** The code in the newest code mail to `to` that came after `before` of them. */
async function mailedCode(to: string, before: number): Promise<string> {
  const codeMails = () => smtp.mails.filter((mail) => mail.to.includes(to) && mail.subject.includes("Your code"));
  await server.app.deliverMailNow();
  await smtp.waitFor(() => codeMails().length > before);
  return codePattern.exec(codeMails().at(-1)!.body)![1]!;
}
const codeMailsTo = (to: string) =>
  smtp.mails.filter((mail) => mail.to.includes(to) && mail.subject.includes("Your code")).length;

/** Enters an account as `member` and answers the code mailed to them. */
async function enterWithCode(member: Member, overrides: Record<string, string> = {}) {
  const before = codeMailsTo(member.email);
  const entered = await enter(member.cookie, overrides);
  expect(entered.statusCode, entered.body).toBe(201);
  return {
    answer: entered.json() as { awaiting: PayoutAccountView; sentTo: string },
    code: await mailedCode(member.email, before),
  };
}

const rowsOf = (companyId: string) =>
  db()
    .select()
    .from(payoutAccount)
    .where(eq(payoutAccount.vendorCompanyId, companyId))
    .orderBy(payoutAccount.createdAt);
const auditsOf = (companyId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subject, companyId), like(auditLog.action, "payout-account.%")))
    .orderBy(auditLog.at);

describe("entering and confirming a payout account", () => {
  it("stores the number encrypted with its last four, waits for the mailed code, and never shows the number", async () => {
    const team = await dealer("Harbor Paving");
    const { answer, code } = await enterWithCode(team.admin);
    expect(answer.awaiting).toMatchObject({
      holderName: "Harbor Paving LLC",
      routingNumber: "021000021",
      accountNumberMasked: "••••6789",
      accountType: "checking",
      status: "awaiting-confirmation",
      statusText: "Waiting for your confirmation",
    });
    expect(answer.sentTo).toMatch(/^h•••@vendor\.example$/);
    const [row] = await rowsOf(team.company.id);
    expect(row!.accountNumberEncrypted).not.toContain(accountNumber);
    expect(server.cipher.decrypt(row!.accountNumberEncrypted)).toBe(accountNumber);
    expect(row!.accountNumberLast4).toBe("6789");
    expect(row!.confirmationCodeHash).not.toContain(code);

    // The code mail went to the admin's own login address; the outbox holds it hidden.
    const stored = JSON.stringify(await db().select().from(mailOutbox).where(eq(mailOutbox.to, team.admin.email)));
    expect(stored).toContain("Your code is [hidden-text-1]");
    expect(stored).not.toContain(code);
    const outboxApi = await send("GET", "/api/back-office/outbox", staff);
    expect(outboxApi.body).not.toContain(`Your code is ${code}`);

    // Before confirmation nothing is usable and nobody else was mailed.
    expect(await usablePayoutAccount(db(), server.cipher, team.company.id, new Date())).toBeNull();
    expect(smtp.mails.filter((mail) => mail.to.includes(team.secondAdmin.email))).toEqual([]);

    const confirmed = await confirm(team.admin.cookie, code);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const account = (confirmed.json() as { account: PayoutAccountView }).account;
    expect(account.status).toBe("active");
    expect(account.statusText).toMatch(/^Payouts held until \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M [A-Z]{2,4}$/);
    expect(account.confirmedBy).toBe(team.admin.name);

    const after = await page(team.admin.cookie);
    expect(after.current?.id).toBe(account.id);
    expect(after.awaiting).toBeNull();
    expect(after.factor).toBe("mail");
    expect(after.coolingOffBusinessDays).toBe(3);

    // Held: payouts see nothing until usable_from; from then on the decrypted account (a fixed clock).
    const [active] = await rowsOf(team.company.id);
    expect(await usablePayoutAccount(db(), server.cipher, team.company.id, new Date())).toBeNull();
    expect(
      await usablePayoutAccount(db(), server.cipher, team.company.id, new Date(active!.usableFrom!.getTime() - 1000)),
    ).toBeNull();
    expect(await usablePayoutAccount(db(), server.cipher, team.company.id, active!.usableFrom!)).toMatchObject({
      id: account.id,
      accountNumber,
      accountNumberLast4: "6789",
      routingNumber: "021000021",
    });
    // Staff see the cooling-off too, and a sales rep is never shown the account.
    expect((await send("GET", "/api/portal/payout-account", team.rep.cookie)).statusCode).toBe(403);

    // Every dealer admin and the credit team are mailed, with who, when, the routing, the last four and the hold.
    await server.app.deliverMailNow();
    for (const to of [team.admin.email, team.secondAdmin.email, server.config.creditTeamEmail]) {
      const mail = await smtp.waitFor(
        (each) => each.to.includes(to) && /payout account/i.test(each.subject) && each.body.includes(team.company.name),
      );
      expect(mail.body).toContain(team.admin.name);
      expect(mail.body).toContain("021000021");
      expect(mail.body).toContain("••••6789");
      expect(mail.body).toMatch(/held until/);
      expect(mail.raw).not.toContain(accountNumber);
    }
    const adminMail = await smtp.waitFor((each) => each.to.includes(team.secondAdmin.email));
    expect(adminMail.body.replace(/\s+/g, " ")).toContain(
      `If you did not make this change, call us at ${server.config.public.brand.phone} at once.`,
    );
    expect(smtp.mails.some((mail) => mail.to.includes(team.rep.email))).toBe(false);

    expect((await auditsOf(team.company.id)).map((entry) => entry.action)).toEqual([
      "payout-account.entered",
      "payout-account.confirmed",
    ]);
    // The code mails are audited about the user who got them.
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "payout-account.code-sent"), eq(auditLog.subject, team.admin.id))),
    ).toHaveLength(1);
  });

  it("replaces the active account with the next one confirmed, in one step, and keeps the history masked", async () => {
    const team = await dealer("Second Account Tractors");
    const first = await enterWithCode(team.admin);
    expect((await confirm(team.admin.cookie, first.code)).statusCode).toBe(200);
    const second = await enterWithCode(team.secondAdmin, {
      accountNumber: "99887766",
      accountNumberAgain: "99887766",
      routingNumber: "121000358",
      accountType: "savings",
    });
    // The first stays the company's account while the second waits.
    const waiting = await page(team.admin.cookie);
    expect(waiting.current?.accountNumberMasked).toBe("••••6789");
    expect(waiting.awaiting?.accountNumberMasked).toBe("••••7766");
    expect(waiting.awaitingIsMine).toBe(false);
    // Only the admin who entered it confirms it; another admin may cancel it or enter another.
    const notMine = await confirm(team.admin.cookie, second.code);
    expect(notMine.statusCode).toBe(409);
    expect(notMine.json().message).toBe(payoutAccountMessages.notYourEntry);

    expect((await confirm(team.secondAdmin.cookie, second.code)).statusCode).toBe(200);
    const rows = await rowsOf(team.company.id);
    expect(rows.map((row) => [row.accountNumberLast4, row.status])).toEqual([
      ["6789", "replaced"],
      ["7766", "active"],
    ]);
    expect(rows[0]!.endedAt!.getTime()).toBe(rows[1]!.confirmedAt!.getTime());
    const history = (await page(team.admin.cookie)).history;
    expect(history.map((view) => view.statusText.split(" until")[0])).toEqual(["Payouts held", "Replaced"]);
    expect(JSON.stringify(history)).not.toContain("99887766");
    const mail = await smtp.waitFor(
      (each) => each.to.includes(team.admin.email) && each.body.includes("••••7766") && each.body.includes("replaces"),
    );
    expect(mail.body).toContain("It replaces the account ••••6789 at routing number 021000021.");
  });

  it("confirms with the authenticator app's code when two-factor is on, and mails no code", async () => {
    const team = await dealer("Authenticator Cranes");
    const enable = await send("POST", "/api/auth/two-factor/enable", team.admin.cookie, {
      password: team.admin.password,
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const secret = new URL(enable.json().totpURI as string).searchParams.get("secret")!;
    // The previous step's code: the current one stays free for the confirmation. Enrolment leaves a new session.
    const verify = await send("POST", "/api/auth/two-factor/verify-totp", team.admin.cookie, {
      code: totp(secret, Date.now() - 30_000),
    });
    expect(verify.statusCode).toBe(200);
    team.admin.cookie = cookiesFrom(verify.headers["set-cookie"]) || team.admin.cookie;

    const entered = await enter(team.admin.cookie);
    expect(entered.statusCode, entered.body).toBe(201);
    expect(entered.json()).toMatchObject({ factor: "totp", sentTo: null });
    expect((await page(team.admin.cookie)).factor).toBe("totp");
    expect((await send("POST", "/api/portal/payout-account/code", team.admin.cookie)).statusCode).toBe(409);

    const wrong = await confirm(team.admin.cookie, totp(secret, Date.now() - 10 * 60_000));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(payoutAccountMessages.codeWrong(4));
    const right = await confirm(team.admin.cookie, totp(secret));
    expect(right.statusCode, right.body).toBe(200);
    expect((right.json() as { account: PayoutAccountView }).account.status).toBe("active");
    await server.app.deliverMailNow();
    expect(codeMailsTo(team.admin.email)).toBe(0);
    const audits = await auditsOf(team.company.id);
    expect(audits.map((entry) => [entry.action, (entry.details as { factor?: string }).factor])).toEqual([
      ["payout-account.entered", "totp"],
      ["payout-account.confirmation-failed", "totp"],
      ["payout-account.confirmed", "totp"],
    ]);
  });

  it("cancels the entry after five wrong codes: the right one then opens nothing", async () => {
    const team = await dealer("Wrong Code Haulers");
    const { code } = await enterWithCode(team.admin);
    const wrongCode = code === "000000" ? "000001" : "000000";
    for (let left = 4; left >= 1; left -= 1) {
      const wrong = await confirm(team.admin.cookie, wrongCode);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(payoutAccountMessages.codeWrong(left));
    }
    const last = await confirm(team.admin.cookie, wrongCode);
    expect(last.statusCode).toBe(410);
    expect(last.json().message).toBe(payoutAccountMessages.codeUsedUp);
    const [row] = await rowsOf(team.company.id);
    expect(row).toMatchObject({ status: "cancelled", confirmationTries: 5, confirmationCodeHash: null });
    const after = await confirm(team.admin.cookie, code);
    expect(after.statusCode).toBe(404);
    expect((await page(team.admin.cookie)).current).toBeNull();
    expect((await auditsOf(team.company.id)).map((entry) => entry.action)).toEqual([
      "payout-account.entered",
      ...Array<string>(5).fill("payout-account.confirmation-failed"),
      "payout-account.cancelled",
    ]);
    // Nobody was told of a change that never happened.
    await server.app.deliverMailNow();
    expect(smtp.mails.some((mail) => mail.to.includes(team.secondAdmin.email))).toBe(false);
  });

  it("refuses an expired code, and mails a new one on request", async () => {
    const team = await dealer("Expired Code Lifts");
    const { code } = await enterWithCode(team.admin);
    await db()
      .update(payoutAccount)
      .set({ confirmationCodeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(payoutAccount.vendorCompanyId, team.company.id));
    const expired = await confirm(team.admin.cookie, code);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(payoutAccountMessages.codeExpired);
    const before = codeMailsTo(team.admin.email);
    const again = await send("POST", "/api/portal/payout-account/code", team.admin.cookie);
    expect(again.statusCode, again.body).toBe(200);
    const fresh = await mailedCode(team.admin.email, before);
    expect((await confirm(team.admin.cookie, fresh)).statusCode).toBe(200);
  });

  it("replaces an entry still waiting with the next one, and lets an admin cancel one", async () => {
    const team = await dealer("Replaced Entry Pumps");
    const first = await enterWithCode(team.admin);
    const second = await enterWithCode(team.admin, { accountNumber: "55554444", accountNumberAgain: "55554444" });
    const rows = await rowsOf(team.company.id);
    expect(rows.map((row) => [row.accountNumberLast4, row.status])).toEqual([
      ["6789", "cancelled"],
      ["4444", "awaiting-confirmation"],
    ]);
    // The first entry's code confirms nothing now: it was for the cancelled row.
    if (first.code !== second.code) expect((await confirm(team.admin.cookie, first.code)).statusCode).toBe(400);
    expect((await send("POST", "/api/portal/payout-account/cancel", team.secondAdmin.cookie)).statusCode).toBe(200);
    expect((await page(team.admin.cookie)).awaiting).toBeNull();
    expect((await send("POST", "/api/portal/payout-account/cancel", team.secondAdmin.cookie)).statusCode).toBe(404);
    expect((await confirm(team.admin.cookie, second.code)).statusCode).toBe(404);
    const audits = (await auditsOf(team.company.id)).map((entry) => [
      entry.action,
      (entry.details as { reason?: string }).reason ?? null,
    ]);
    expect(audits).toContainEqual(["payout-account.cancelled", "replaced by a new entry"]);
    expect(audits).toContainEqual(["payout-account.cancelled", "cancelled by a dealer admin"]);
  });

  it("mails a user at most 3 codes an hour", async () => {
    const team = await dealer("Code Cap Rigs");
    for (let i = 0; i < 2; i += 1) expect((await enter(team.admin.cookie)).statusCode).toBe(201);
    expect((await send("POST", "/api/portal/payout-account/code", team.admin.cookie)).statusCode).toBe(200);
    const fourth = await send("POST", "/api/portal/payout-account/code", team.admin.cookie);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/several codes in the last hour/);
    expect((await enter(team.admin.cookie)).statusCode).toBe(429);
    // Another admin has a share of their own.
    expect((await enter(team.secondAdmin.cookie)).statusCode).toBe(201);
  });
});

describe("who may see and change it", () => {
  it("refuses a sales rep with 403 on every payout endpoint, and shows another company nothing of it", async () => {
    const team = await dealer("Scoped Loaders");
    const other = await dealer("Other Loaders");
    const { code } = await enterWithCode(team.admin);
    for (const [method, url, payload] of [
      ["GET", "/api/portal/payout-account", undefined],
      ["POST", "/api/portal/payout-account", entry()],
      ["POST", "/api/portal/payout-account/code", undefined],
      ["POST", "/api/portal/payout-account/confirm", { code }],
      ["POST", "/api/portal/payout-account/cancel", undefined],
    ] as const) {
      const refused = await send(method, url, team.rep.cookie, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
    }
    // Another company's admin: their own (empty) account; the code confirms nothing of ours.
    expect(await page(other.admin.cookie)).toMatchObject({ current: null, awaiting: null, history: [] });
    expect((await confirm(other.admin.cookie, code)).statusCode).toBe(404);
    expect((await send("POST", "/api/portal/payout-account/cancel", other.admin.cookie)).statusCode).toBe(404);
    expect((await page(team.admin.cookie)).awaiting?.status).toBe("awaiting-confirmation");
    // Staff read it masked; a vendor never reaches the back office's read.
    const staffRead = await send("GET", `/api/back-office/vendors/companies/${team.company.id}/payout-account`, staff);
    expect(staffRead.statusCode).toBe(200);
    expect(staffRead.json()).toMatchObject({
      companyName: "Scoped Loaders",
      awaiting: { accountNumberMasked: "••••6789", statusText: "Waiting for the dealer's confirmation" },
    });
    expect(staffRead.body).not.toContain(accountNumber);
    expect(
      (await send("GET", `/api/back-office/vendors/companies/${team.company.id}/payout-account`, team.admin.cookie))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await send(
          "GET",
          "/api/back-office/vendors/companies/00000000-0000-4000-8000-000000000000/payout-account",
          staff,
        )
      ).statusCode,
    ).toBe(404);
  });

  it("checks the form's rules on the route: routing number, account number twice, type", async () => {
    const team = await dealer("Form Rules Mowers");
    const refusal = async (overrides: Record<string, string>) => {
      const response = await enter(team.admin.cookie, overrides);
      expect(response.statusCode).toBe(400);
      return JSON.stringify(response.json());
    };
    expect(await refusal({ routingNumber: "" })).toContain(payoutAccountMessages.routingRequired);
    expect(await refusal({ routingNumber: "02100002" })).toContain(payoutAccountMessages.routingRequired);
    expect(await refusal({ routingNumber: "021000022" })).toContain(payoutAccountMessages.routingInvalid);
    // A right check digit on a prefix the Federal Reserve never assigns.
    expect(await refusal({ routingNumber: "990000008" })).toContain(payoutAccountMessages.routingInvalid);
    expect(await refusal({ accountNumberAgain: "000123456788" })).toContain(payoutAccountMessages.accountNumbersDiffer);
    expect(await refusal({ accountNumber: "123", accountNumberAgain: "123" })).toContain(
      payoutAccountMessages.accountNumber,
    );
    expect(await refusal({ accountType: "brokerage" })).toContain(payoutAccountMessages.accountType);
    expect(await rowsOf(team.company.id)).toEqual([]);
  });
});

describe("the cooling-off period", () => {
  it("counts business days over a weekend, a federal holiday and a day the admins closed", async () => {
    const team = await dealer("Holiday Graders");
    const { code } = await enterWithCode(team.admin);
    await db()
      .update(payoutAccount)
      .set({ confirmationCodeExpiresAt: new Date("2100-01-01T00:00:00Z") })
      .where(eq(payoutAccount.vendorCompanyId, team.company.id));
    // Monday July 6, 2026 closed by the admins.
    await db()
      .insert(workingCalendarDay)
      .values({ day: "2026-07-06", closed: true, label: "Office move", changedByUserId: team.admin.id });
    const scope = apiKeyVendorScope({
      companyId: team.company.id,
      userId: team.admin.id,
      email: team.admin.email,
      dealerRole: dealerRoles.admin,
    });
    // Thursday July 2, 2026, 7:00 PDT (the brand's time zone); Friday the 3rd is Independence Day observed; then the weekend and the
    // closed Monday: Tuesday, Wednesday, Thursday.
    const confirmedAt = new Date("2026-07-02T14:00:00Z");
    const context = {
      creditTeamEmail: server.config.creditTeamEmail,
      publicUrl: server.config.publicUrl,
      product: server.config.public.brand.name,
      cipher: server.cipher,
      timeZone: server.config.public.brand.timeZone,
      phone: server.config.public.brand.phone,
      coolingOffBusinessDays: 3,
    };
    const { account } = await confirmPayoutAccount(
      db(),
      context,
      scope,
      code,
      "mail",
      () => Promise.resolve(false),
      "127.0.0.1",
      confirmedAt,
    );
    expect(account.usableFrom).toBe("2026-07-09T14:00:00.000Z");
    const [row] = await rowsOf(team.company.id);
    expect(row!.usableFrom!.toISOString()).toBe("2026-07-09T14:00:00.000Z");
    expect(
      await usablePayoutAccount(db(), server.cipher, team.company.id, new Date("2026-07-09T13:59:59Z")),
    ).toBeNull();
    expect(
      (await usablePayoutAccount(db(), server.cipher, team.company.id, new Date("2026-07-09T14:00:00Z")))
        ?.accountNumber,
    ).toBe(accountNumber);
    await server.app.deliverMailNow();
    const mail = await smtp.waitFor((each) => each.to.includes(team.secondAdmin.email));
    expect(mail.body.replace(/\s+/g, " ")).toContain("Payouts are held until Jul 9, 2026, 7:00 AM PDT.");
    await db().delete(workingCalendarDay).where(eq(workingCalendarDay.day, "2026-07-06"));
  });
});

describe("secrets", () => {
  it("keeps the account number and the codes out of every answer, mail, outbox row and log line", async () => {
    const team = await dealer("Secret Keeping Drills");
    const { code } = await enterWithCode(team.admin);
    await confirm(team.admin.cookie, code);
    const answers = [
      (await send("GET", "/api/portal/payout-account", team.admin.cookie)).body,
      (await send("GET", `/api/back-office/vendors/companies/${team.company.id}/payout-account`, staff)).body,
      (await send("GET", "/api/back-office/outbox", staff)).body,
    ];
    await server.app.deliverMailNow();
    const outbox = JSON.stringify(await db().select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)));
    const audits = JSON.stringify(await auditsOf(team.company.id));
    for (const copy of [...answers, outbox, audits, server.logs(), ...smtp.mails.map((mail) => mail.raw)])
      expect(copy).not.toContain(accountNumber);
    for (const copy of [...answers, outbox, audits, server.logs()]) expect(copy).not.toContain(`Your code is ${code}`);
    expect(server.logs()).not.toContain(code);
  });
});
