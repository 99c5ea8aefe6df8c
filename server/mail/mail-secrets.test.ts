import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { applicantMailsPerAddressPerHour } from "#domain/leads/applicant-status.ts";
import { sampleCreditApplication } from "../demo/sample-requests.ts";
import { SmtpCatcher } from "../../tests/support/smtp-catcher.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
import { verification } from "../auth/tables.ts";
import { creditApplication } from "../leads/tables.ts";
import { mailOutbox } from "./tables.ts";
import { createAccount } from "../accounts/create-account.ts";
import { hideLinkSecrets, revealLinkSecrets } from "./hide-link-secrets.ts";

// Abuse cases 2, 14 and 5 of docs/threat-model.md: no live link secret in the outbox, its API, the database or a log;
// reset and invitation tokens stored hashed; applicant mails capped per address and free of typed text.

let server: TestServer;
let smtp: SmtpCatcher;
let adminCookie: string;
let vendorCookie: string;

beforeAll(async () => {
  smtp = await new SmtpCatcher().start();
  server = await startTestServer({ SMTP_URL: smtp.url });
  await createAccount(server.auth, {
    email: "admin@secrets.example",
    name: "Ada Admin",
    role: authRoles.admin,
    password: "admin-password-1",
    emailVerified: true,
  });
  adminCookie = (await signIn(server.app, "admin@secrets.example", "admin-password-1")).cookie;
  const vendor = await createVendor(server.database, server.auth, "Secret Motors");
  vendorCookie = (await signIn(server.app, vendor.email, vendor.password)).cookie;
});
afterAll(async () => {
  await server?.close();
  await smtp?.stop();
});

const post = (url: string, payload: object, cookie = "") =>
  server.app.inject({
    method: "POST",
    url,
    payload,
    headers: { cookie, origin: testOrigin },
    remoteAddress: loopbackAddress(),
  });
const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@secrets.example`;
const resetPassword = (token: string) =>
  post("/api/auth/reset-password", { newPassword: `chosen-${randomUUID()}`, token });
const passwordToken = /\/reset-password#token=([A-Za-z0-9_-]+)/;

/** Every mail kind that carries a secret link: how to make one, the link's token, and a use of it that only a live token passes. */
const kinds: {
  name: string;
  make: (to: string) => Promise<unknown>;
  token: RegExp;
  use: (token: string) => Promise<{ statusCode: number }>;
}[] = [
  {
    name: "resume link of a saved application",
    make: (to) =>
      post("/api/leads/credit-application-drafts", {
        email: to,
        draft: {
          BusinessName: "Harbor Bakery LLC",
          FedId: "12-3456789",
          ssn: "531-86-4207",
          contactName: "Nina Park",
          businessZipCode: "",
        },
      }),
    token: /\/ApplyNow#resume=([A-Za-z0-9_-]{43})/,
    use: (token) => post("/api/leads/credit-application-drafts/resume", { token }),
  },
  {
    name: "password reset",
    make: async (to) => {
      await createAccount(server.auth, {
        email: to,
        name: "Rita",
        role: authRoles.vendor,
        password: "rita-password-1",
        emailVerified: true,
      });
      return post("/api/auth/request-password-reset", { email: to });
    },
    token: passwordToken,
    use: resetPassword,
  },
  {
    name: "invitation",
    make: (to) =>
      post(
        "/api/back-office/vendors",
        {
          firstName: "Ivy",
          companyId: String(100000 + Math.floor(Math.random() * 899999)),
          companyEmail: to,
          companyName: `Ivy ${randomUUID().slice(0, 8)}`,
          companyAlreadyInSystem: false,
        },
        adminCookie,
      ),
    token: passwordToken,
    use: resetPassword,
  },
  {
    name: "invitation resent by staff",
    make: async (to) => {
      const { id } = await createAccount(server.auth, {
        email: to,
        name: "Rex",
        role: authRoles.vendor,
        password: "rex-password-1",
        emailVerified: false,
      });
      return post(`/api/back-office/vendors/${id}/resend-invitation`, {}, adminCookie);
    },
    token: passwordToken,
    use: resetPassword,
  },
  {
    name: "invitation mailed again at an unverified sign-in",
    make: async (to) => {
      await createAccount(server.auth, {
        email: to,
        name: "Una",
        role: authRoles.vendor,
        password: "una-password-1",
        emailVerified: false,
      });
      return signIn(server.app, to, "una-password-1");
    },
    token: passwordToken,
    use: resetPassword,
  },
  {
    name: "invitation for a reset asked before the invitation was used",
    make: async (to) => {
      await createAccount(server.auth, {
        email: to,
        name: "Ned",
        role: authRoles.vendor,
        password: "ned-password-1",
        emailVerified: false,
      });
      return post("/api/auth/request-password-reset", { email: to });
    },
    token: passwordToken,
    use: resetPassword,
  },
  {
    name: "quote to a customer",
    make: (to) =>
      post(
        "/api/portal/quotes",
        { price: "45,000", customerName: "Casey Customer", customerEmail: to, tier: "" },
        vendorCookie,
      ),
    token: /\/apply#quote=([A-Za-z0-9_-]{43})/,
    use: (token) => post("/api/quotes/open", { token }),
  },
  {
    name: "status mail's opt-out link",
    make: (to) =>
      post(
        "/api/leads/credit-application",
        sampleCreditApplication({ businessEmail: to, idempotencyKey: randomUUID() }),
      ),
    token: /\/status-mails\/opt-out#([A-Za-z0-9_-]{43})/,
    use: (token) => post("/api/status-mails/opt-out", { token }),
  },
];

describe("link secrets in mail (items 2 and 14)", () => {
  it.each(kinds)(
    "$name: the recipient gets a working link; the outbox row, the outbox API, the auth tables and the log hold no live token",
    async (kind) => {
      const to = address(kind.name.split(" ")[0]!);
      await kind.make(to);
      await server.app.deliverMailNow();
      const caught = await smtp.waitFor((mail) => mail.to.includes(to) && kind.token.test(mail.body));
      const token = kind.token.exec(caught.body)![1]!;

      const rowsTo = () => server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
      // The worker marks a mail sent once the SMTP server has accepted it.
      await expect.poll(async () => (await rowsTo()).every((row) => row.status === "sent")).toBe(true);
      const rows = await rowsTo();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(JSON.stringify(row)).not.toContain(token);
        expect(row).toMatchObject({ status: "sent", linkSecrets: null });
      }
      expect(rows.some((row) => /#\[hidden-1\]/.test(row.text) && /#\[hidden-1\]"/.test(row.html))).toBe(true);

      const listed = await server.app.inject({
        method: "GET",
        url: "/api/back-office/outbox",
        headers: { cookie: adminCookie },
      });
      expect(listed.statusCode).toBe(200);
      expect(listed.body).not.toContain(token);
      expect(JSON.stringify(await server.database.db.select().from(verification))).not.toContain(token);

      expect((await kind.use(token)).statusCode).toBe(200);
      expect(server.logs()).not.toContain(token);
    },
  );

  it("keeps a link's secret encrypted while its mail waits for a retry, and sends the working link once SMTP answers", async () => {
    const to = address("retry");
    await createAccount(server.auth, {
      email: to,
      name: "Ray",
      role: authRoles.vendor,
      password: "ray-password-1",
      emailVerified: true,
    });
    const port = smtp.port;
    await smtp.stop();
    const reset = async () => (await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0];
    try {
      await post("/api/auth/request-password-reset", { email: to });
      await expect.poll(async () => (await reset())?.lastError ?? null).toBeTruthy();
      const waiting = (await reset())!;
      expect(waiting.status).toBe("pending");
      expect(waiting.linkSecrets).toMatch(/^v1\./);
      expect(waiting.text).toMatch(/\/reset-password#\[hidden-1\]$/m);
    } finally {
      await smtp.start(port);
    }
    const caught = await smtp.waitFor((mail) => mail.to.includes(to));
    await expect.poll(reset).toMatchObject({ status: "sent", linkSecrets: null });
    expect((await resetPassword(passwordToken.exec(caught.body)![1]!)).statusCode).toBe(200);
  });

  it("hides a fragment for good without the cipher, and puts a link's secret back in its own link only", () => {
    const mail = {
      subject: "S",
      html: `<a href="https://lender.example/x#token=abc">x</a>`,
      text: "https://lender.example/x#token=abc",
    };
    expect(hideLinkSecrets(mail, undefined)).toMatchObject({
      html: `<a href="https://lender.example/x#[hidden]">x</a>`,
      text: "https://lender.example/x#[hidden]",
      linkSecrets: null,
    });
    const typed = {
      subject: "S",
      html: "<p>x</p>",
      text: "see #[hidden-1], https://evil.example/#[hidden-1] and https://lender.example/x#token=abc",
    };
    const stored = hideLinkSecrets(typed, server.cipher);
    expect(stored.text).toBe(
      "see #[hidden-1], https://evil.example/#[hidden-1] and https://lender.example/x#[hidden-2]",
    );
    expect(revealLinkSecrets(stored, server.cipher).text).toBe(typed.text);
  });

  it("stores a public form whose text holds a URL with a fragment, and mails it whole to the credit team", async () => {
    const typed = `Our specs: https://dealer.example/specs#model-${randomUUID()}`;
    const sent = await post("/api/leads/footer-message", {
      nameOfBusiness: "",
      nameUser: "Fran",
      emailUser: address("fran"),
      subjectUser: typed,
      idempotencyKey: randomUUID(),
      leaveEmpty: "",
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await server.app.deliverMailNow();
    expect(
      (await smtp.waitFor((mail) => mail.to.includes(server.config.creditTeamEmail) && mail.body.includes(typed))).body,
    ).toContain(typed);
  });

  it("hashes the reset links stored before the upgrade (drizzle/0016), which still work", async () => {
    const to = address("legacy");
    const { id } = await createAccount(server.auth, {
      email: to,
      name: "Leo",
      role: authRoles.vendor,
      password: "leo-password-1",
      emailVerified: true,
    });
    const token = `legacy${randomUUID().replaceAll("-", "")}`;
    await server.database.db.insert(verification).values({
      id: randomUUID(),
      identifier: `reset-password:${token}`,
      value: id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const migration = readFileSync(new URL("../../drizzle/0016_trust_boundary.sql", import.meta.url), "utf8").split(
      "--> statement-breakpoint",
    );
    const hashing = migration.find((statement) => statement.includes('UPDATE "verification"'))!;
    await server.database.db.execute(sql.raw(hashing.replace(/;\s*$/, ` WHERE "value" = '${id}'`)));
    expect(
      JSON.stringify(await server.database.db.select().from(verification).where(eq(verification.value, id))),
    ).not.toContain(token);
    expect((await resetPassword(token)).statusCode).toBe(200);
  });
});

describe("mails to applicants (item 5)", () => {
  it("caps the mails one address gets from credit applications sent from several addresses, repeats none of their text, and still stores and announces every lead", async () => {
    const victim = address("victim");
    const teamBefore = (
      await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, server.config.creditTeamEmail))
    ).length;
    const sources = [loopbackAddress(), loopbackAddress()];
    for (let i = 0; i < 12; i += 1) {
      const response = await server.app.inject({
        method: "POST",
        url: "/api/leads/credit-application",
        payload: sampleCreditApplication({
          businessEmail: victim.toUpperCase(),
          BusinessName: `Visit evil.example ${i}`,
          idempotencyKey: randomUUID(),
        }),
        headers: { origin: testOrigin },
        remoteAddress: sources[i % 2],
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const toVictim = await server.database.db
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.to}) = ${victim}`);
    expect(toVictim).toHaveLength(applicantMailsPerAddressPerHour);
    for (const mail of toVictim) expect(mail.subject + mail.text + mail.html).not.toContain("evil.example");
    expect(
      await server.database.db
        .select()
        .from(creditApplication)
        .where(sql`lower(${creditApplication.businessEmail}) = ${victim}`),
    ).toHaveLength(12);
    expect(
      (await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, server.config.creditTeamEmail)))
        .length - teamBefore,
    ).toBe(12);
  });
});
