import { readFile } from "node:fs/promises";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noticeRecipientMessages } from "#domain/adverse-action/notice-recipient.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { QUOTE_MAILS_PER_RECIPIENT_PER_HOUR, QUOTE_SENDS_PER_HOUR } from "#domain/quotes/vendor-quote.ts";
import {
  redeliverEventIntervalSeconds,
  redeliverMessages,
  redeliveriesPerEndpointPerHour,
} from "#domain/webhooks/redeliver-limits.ts";
import { sampleCreditApplication, sampleNewDealFields } from "./demo/sample-requests.ts";
import { multipartBody, samplePdf } from "../tests/support/multipart.ts";
import { SmtpCatcher } from "../tests/support/smtp-catcher.ts";
import { loopbackAddress, signIn, startTestServer, testOrigin, type TestServer } from "../tests/support/test-server.ts";
import { createVendor } from "../tests/support/vendor-fixtures.ts";
import { startWebhookReceiver } from "../tests/support/webhook-receiver.ts";
import { user } from "./auth/tables.ts";
import { creditApplicationDraft } from "./leads/tables.ts";
import { mailOutbox, statusMailOptOutToken } from "./mail/tables.ts";
import { vendorQuoteMail } from "./quotes/tables.ts";
import { vendorCompany } from "./vendors/tables.ts";
import { webhookDelivery, webhookEndpoint } from "./webhooks/tables.ts";
import { createAccount } from "./accounts/create-account.ts";
import { emailHash, newLinkToken, sha256Hex } from "./shared/crypto/link-token.ts";
import { revealLinkSecrets } from "./mail/hide-link-secrets.ts";

// Abuse cases of docs/threat-model.md: what a stranger (or a vendor) can do to someone else, and the caps that bound a
// caller.
let server: TestServer;
let smtp: SmtpCatcher;
let staffCookie: string;
let vendor: Awaited<ReturnType<typeof createVendor>>;
let vendorCookie: string;

beforeAll(async () => {
  smtp = await new SmtpCatcher().start();
  server = await startTestServer({ SMTP_URL: smtp.url, WEBHOOK_ALLOW_LOOPBACK: "true" });
  await createAccount(server.auth, {
    email: "credit@strangers.example",
    name: "Cory Credit",
    role: authRoles.staff,
    password: "staff-password-1",
    emailVerified: true,
  });
  staffCookie = (await signIn(server.app, "credit@strangers.example", "staff-password-1")).cookie;
  vendor = await createVendor(server.database, server.auth, "Selfmail Equipment");
  vendorCookie = (await signIn(server.app, vendor.email, vendor.password)).cookie;
});
afterAll(async () => {
  await server?.close();
  await smtp?.stop();
});

const asUser = (cookie: string, method: "GET" | "PUT" | "POST" | "PATCH", url: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    payload,
    headers: { cookie, origin: testOrigin },
    remoteAddress: loopbackAddress(),
  });

async function submitDeal(fields: Record<string, string>) {
  const body = multipartBody({ deal: JSON.stringify(sampleNewDealFields(fields)) }, [
    { field: "client-info", name: "app.pdf", content: samplePdf },
  ]);
  const created = await server.app.inject({
    method: "POST",
    url: "/api/portal/deals",
    payload: body.payload,
    headers: { cookie: vendorCookie, origin: testOrigin, "content-type": body.contentType },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
}

const post = (url: string, payload: unknown, remoteAddress = loopbackAddress(), headers: Record<string, string> = {}) =>
  server.app.inject({
    method: "POST",
    url,
    payload: payload as object,
    remoteAddress,
    headers: { origin: testOrigin, ...headers },
  });

describe("saved applications: a stranger saving for the same e-mail", () => {
  const saveDraft = (email: string, draft: object, extra: object = {}) =>
    post("/api/leads/credit-application-drafts", { email, draft, ...extra });
  const resume = (token: string) => post("/api/leads/credit-application-drafts/resume", { token });
  async function newestLink(email: string) {
    const [mail] = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    return /#resume=([A-Za-z0-9_-]{43})/.exec(revealLinkSecrets(mail!, server.cipher).text)![1]!;
  }

  it("keeps both savers' drafts, each reachable only by its own link; a made-up token replaces nothing", async () => {
    const email = "owner@two-savers.example";
    expect((await saveDraft(email, { BusinessName: "Owner's Bakery", ssn: "471-22-9101" })).statusCode).toBe(201);
    const owners = await newestLink(email);
    // Someone else, from another address, with no link: a draft of their own, nothing more.
    expect((await saveDraft(email, { BusinessName: "Stranger LLC" }, { replaces: newLinkToken() })).statusCode).toBe(
      201,
    );
    const strangers = await newestLink(email);
    expect(strangers).not.toBe(owners);

    const reopened = await resume(owners);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().draft).toMatchObject({ BusinessName: "Owner's Bakery", ssn: "471-22-9101" });
    expect((await resume(strangers)).json().draft).toEqual({ BusinessName: "Stranger LLC" });
  });

  it("never refuses a save for the drafts an address already holds, and prunes none: a stranger's saves block the owner for an hour at most", async () => {
    const email = "full@two-savers.example";
    const now = Date.now();
    const tokens = Array.from({ length: 10 }, () => newLinkToken());
    await server.database.db.insert(creditApplicationDraft).values(
      tokens.map((token) => ({
        tokenHash: sha256Hex(token),
        emailHash: emailHash(email),
        payloadEncrypted: server.cipher.encrypt(JSON.stringify({ BusinessName: "Saved Earlier" })),
        // Saved by a stranger over the past days: the hourly limit is not what answers.
        createdAt: new Date(now - 2 * 24 * 3600 * 1000),
        expiresAt: new Date(now + 5 * 24 * 3600 * 1000),
      })),
    );
    expect((await saveDraft(email, { BusinessName: "The Owner's" })).statusCode).toBe(201);
    expect((await resume(await newestLink(email))).json().draft).toEqual({ BusinessName: "The Owner's" });
    for (const token of tokens) expect((await resume(token)).statusCode).toBe(200);

    expect((await saveDraft(email, { BusinessName: "Saved Again" }, { replaces: tokens[0] })).statusCode).toBe(201);
    expect((await resume(tokens[0]!)).statusCode).toBe(410);
    expect((await resume(await newestLink(email))).json().draft).toEqual({ BusinessName: "Saved Again" });
  });
});

describe("applicant mail never goes to a user of the product", () => {
  /** Mail meant for the applicant (the notice, status mails with their opt-out link) to this address. */
  async function applicantMailsTo(address: string) {
    const rows = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, address));
    const optOutTokens = await server.database.db
      .select()
      .from(statusMailOptOutToken)
      .where(eq(statusMailOptOutToken.emailHash, emailHash(address)));
    return [
      ...rows
        .filter((mail) => mail.subject.startsWith("Notice of action") || mail.text.includes("Stop status e-mails"))
        .map((mail) => mail.subject),
      ...optOutTokens.map(() => "opt-out token"),
    ];
  }

  it("a vendor that typed its own login as its client's e-mail gets neither the notice nor the status mail; staff enter the applicant's address, told why and where it came from", async () => {
    const dealId = await submitDeal({
      businessName: "self mailed paving",
      businessEmail: ` ${vendor.email.toUpperCase()} `,
    });
    const url = `/api/back-office/adverse-action/deal/${dealId}`;
    expect(
      (
        await asUser(staffCookie, "PATCH", `/api/back-office/deals/${dealId}`, {
          stage: 0,
          declinedReceivedOn: "2026-03-04",
          declinedCompletedOn: "2026-03-04",
        })
      ).statusCode,
    ).toBe(200);
    await asUser(staffCookie, "PUT", url, { statement: "reasons", reasons: ["time-in-business"], otherReason: "" });

    const state = (await asUser(staffCookie, "GET", url)).json();
    expect(state).toMatchObject({
      recipient: "",
      recipientSource: "deal",
      recipientProblem: noticeRecipientMessages.userAddress(vendor.email, "deal"),
    });
    const refused = await asUser(staffCookie, "POST", `${url}/send`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(state.recipientProblem);

    // Staff may not enter a user's address either (a vendor's or their own), whatever its case or +tag.
    for (const address of [
      vendor.email.toUpperCase(),
      vendor.email.replace("@", "+customer@"),
      "Credit@Strangers.example",
    ]) {
      const entered = await asUser(staffCookie, "PUT", `${url}/recipient`, { email: address });
      expect(entered.statusCode).toBe(400);
      expect(entered.json()).toMatchObject({
        code: "VALIDATION_FAILED",
        message: noticeRecipientMessages.enteredIsUser,
      });
    }
    expect(
      (await asUser(vendorCookie, "PUT", `${url}/recipient`, { email: "owner@selfmailed.example" })).statusCode,
    ).toBe(403);
    const entered = await asUser(staffCookie, "PUT", `${url}/recipient`, { email: "Owner@SelfMailed.example" });
    expect(entered.json()).toMatchObject({
      recipient: "owner@selfmailed.example",
      recipientSource: "staff",
      recipientProblem: null,
    });
    expect((await asUser(staffCookie, "POST", `${url}/send`)).statusCode).toBe(200);

    expect(await applicantMailsTo("owner@selfmailed.example")).toEqual([
      "Notice of action taken on your application with Keystone Equipment Capital",
    ]);
    expect(await applicantMailsTo(vendor.email)).toEqual([]);
  });

  it("a credit application typed with a user's address gets no status mail, and its notice asks staff for the applicant's address", async () => {
    const created = await post(
      "/api/leads/credit-application",
      sampleCreditApplication({ businessEmail: vendor.email, BusinessName: "Self Applied LLC" }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const declined = await asUser(
      staffCookie,
      "PUT",
      `/api/back-office/adverse-action/credit-application/${id}/decision`,
      { decision: "declined" },
    );
    expect(declined.json()).toMatchObject({
      recipient: "",
      recipientSource: "application",
      recipientProblem: noticeRecipientMessages.userAddress(vendor.email, "application"),
    });
    expect(await applicantMailsTo(vendor.email)).toEqual([]);
  });
});

describe("webhook redeliver", () => {
  it("is limited per event and per endpoint (429 with retry-after), so a flood of calls reaches the receiver once; the guide says so", async () => {
    const guide = await readFile(new URL("./api-v1/dealer-guide.md", import.meta.url), "utf8");
    expect(redeliverEventIntervalSeconds).toBe(60);
    expect(guide).toContain(
      `"Redeliver" sends one event again at most once a minute, and at most ${redeliveriesPerEndpointPerHour} times an hour per endpoint`,
    );

    const receiver = await startWebhookReceiver();
    try {
      // Made as the portal makes it (its route is another change's subject), for the vendor's company.
      const [creator] = await server.database.db.select({ id: user.id }).from(user).where(eq(user.email, vendor.email));
      const [endpoint] = await server.database.db
        .insert(webhookEndpoint)
        .values({
          vendorCompanyId: vendor.company.id,
          url: receiver.url(),
          events: ["deal.created"],
          secretEncrypted: server.cipher.encrypt("whsec_redeliver_test"),
          createdByUserId: creator!.id,
        })
        .returning();
      await submitDeal({ businessName: "redeliver paving" });
      await expect.poll(() => receiver.received.length).toBe(1);
      const [delivery] = await server.database.db
        .select()
        .from(webhookDelivery)
        .where(eq(webhookDelivery.endpointId, endpoint!.id));
      const redeliver = () =>
        asUser(vendorCookie, "POST", `/api/portal/webhooks/${endpoint!.id}/deliveries/${delivery!.id}/redeliver`);

      const answers = await Promise.all(Array.from({ length: 40 }, () => redeliver()));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array<number>(39).fill(429)]);
      const refused = answers.find((answer) => answer.statusCode === 429)!;
      expect(refused.json()).toMatchObject({ code: "RATE_LIMITED", message: redeliverMessages.event });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(redeliverEventIntervalSeconds);
      await expect.poll(() => receiver.received.length).toBe(2);
      await server.app.deliverWebhooksNow();
      expect(receiver.received).toHaveLength(2);

      // A minute on, the event may go again, until the endpoint has had its hour's redeliveries.
      const earlier = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;
      await server.database.db
        .update(webhookDelivery)
        .set({ createdAt: earlier(2) })
        .where(eq(webhookDelivery.endpointId, endpoint!.id));
      await server.database.db.insert(webhookDelivery).values(
        Array.from({ length: redeliveriesPerEndpointPerHour - 1 }, () => ({
          eventId: delivery!.eventId,
          endpointId: endpoint!.id,
          redelivery: true,
          status: "delivered" as const,
          createdAt: earlier(10),
        })),
      );
      const full = await redeliver();
      expect(full.statusCode).toBe(429);
      expect(full.json().message).toBe(redeliverMessages.endpoint);
      expect(Number(full.headers["retry-after"])).toBeGreaterThan(45 * 60);
      await server.database.db
        .update(webhookDelivery)
        .set({ createdAt: earlier(61) })
        .where(and(eq(webhookDelivery.endpointId, endpoint!.id), eq(webhookDelivery.redelivery, true)));
      expect((await redeliver()).statusCode).toBe(201);
    } finally {
      await receiver.stop();
    }
  });
});

describe("quote mail caps", () => {
  const quoteTo = (cookie: string, customerEmail: string) =>
    asUser(cookie, "POST", "/api/portal/quotes", {
      price: "45,000",
      customerName: "Casey Customer",
      customerEmail,
      tier: "",
    });
  const resend = (cookie: string, id: string) => asUser(cookie, "POST", `/api/portal/quotes/${id}/resend`);
  const quoteMailsTo = async (address: string) =>
    (await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, address))).length;

  it(`counts resends as mails: ${QUOTE_MAILS_PER_RECIPIENT_PER_HOUR} an hour from a company to one address, then 429 for a send or a resend`, async () => {
    const dealer = await createVendor(server.database, server.auth, "Resend Happy Motors");
    const cookie = (await signIn(server.app, dealer.email, dealer.password)).cookie;
    const sent = await quoteTo(cookie, "flooded@customer.example");
    expect(sent.statusCode).toBe(201);
    for (let index = 1; index < QUOTE_MAILS_PER_RECIPIENT_PER_HOUR; index += 1)
      expect((await resend(cookie, sent.json().id)).statusCode).toBe(200);
    const refused = await resend(cookie, sent.json().id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "RATE_LIMITED", message: expect.stringContaining("to this address") });
    expect((await quoteTo(cookie, "Flooded@Customer.example")).statusCode).toBe(429);
    expect(await quoteMailsTo("flooded@customer.example")).toBe(QUOTE_MAILS_PER_RECIPIENT_PER_HOUR);
    // Another address is still open to this company.
    expect((await quoteTo(cookie, "calm@customer.example")).statusCode).toBe(201);
  });

  it(`counts resends in the company's ${QUOTE_SENDS_PER_HOUR} quote mails an hour`, async () => {
    const dealer = await createVendor(server.database, server.auth, "Busy Resend Motors");
    const cookie = (await signIn(server.app, dealer.email, dealer.password)).cookie;
    const first = (await quoteTo(cookie, "first@customer.example")).json().id as string;
    const second = (await quoteTo(cookie, "second@customer.example")).json().id as string;
    // The rest of the hour's mails, as earlier sends to other customers.
    await server.database.db.insert(vendorQuoteMail).values(
      Array.from({ length: QUOTE_SENDS_PER_HOUR - 3 }, (_, index) => ({
        companyId: dealer.company.id,
        recipientHash: emailHash(`earlier${index}@customer.example`),
        sentAt: new Date(Date.now() - 10 * 60 * 1000),
      })),
    );
    expect((await resend(cookie, first)).statusCode).toBe(200);
    const refused = await resend(cookie, second);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain(`${QUOTE_SENDS_PER_HOUR} quote e-mails in the last hour`);
    expect(await quoteMailsTo("second@customer.example")).toBe(1);
  });
});

describe("the widget's answer for a slug nobody has yet", () => {
  const widget = (slug: string) =>
    server.app.inject({ url: `/api/widget/payment?price=45000&vendor=${slug}`, remoteAddress: loopbackAddress() });

  it("is not kept: a 404 is no-store, and the company created (or renamed, from another server) after it gets its payment at once", async () => {
    const asked = await widget("brand-new-dealer");
    expect(asked.statusCode).toBe(404);
    expect(asked.headers["cache-control"]).toBe("no-store");
    // The company, as an invitation creates it.
    await server.database.db
      .insert(vendorCompany)
      .values({ name: "Brand New Dealer", companyCode: "771001", slug: "brand-new-dealer" });
    const created = await widget("brand-new-dealer");
    expect(created.statusCode).toBe(200);
    expect(created.headers["cache-control"]).toMatch(/^public, max-age=\d+$/);

    expect((await widget("renamed-dealer")).statusCode).toBe(404);
    // A slug changed by another server: nothing tells this one.
    await server.database.db
      .update(vendorCompany)
      .set({ slug: "renamed-dealer" })
      .where(eq(vendorCompany.slug, "brand-new-dealer"));
    expect((await widget("renamed-dealer")).statusCode).toBe(200);
    expect((await widget("brand-new-dealer")).statusCode).toBe(404);
  });
});
