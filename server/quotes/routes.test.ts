import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { financingDisclaimer } from "#domain/deals/deal-changes.ts";
import { priceVendorQuote } from "#domain/pricing/vendor-quote-pricing.ts";
import { dealerRoles } from "#domain/auth/dealer-roles.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { QUOTE_SENDS_PER_HOUR } from "#domain/quotes/vendor-quote.ts";
import { yearInTimeZone } from "#domain/site/business-time.ts";
import { sampleCreditApplication } from "../demo/sample-requests.ts";
import { readPdf } from "../../tests/support/pdf-text.ts";
import { mailAttachments, SmtpCatcher } from "../../tests/support/smtp-catcher.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
import { mailOutbox } from "../mail/tables.ts";
import { deal } from "../deals/tables.ts";
import { createAccount } from "../accounts/create-account.ts";
import { vendorQuote } from "./tables.ts";

let smtp: SmtpCatcher;
let server: TestServer;
let vendorA: { cookie: string; companyId: string };
let vendorB: { cookie: string; companyId: string };

beforeAll(async () => {
  smtp = await new SmtpCatcher().start();
  server = await startTestServer({ SMTP_URL: smtp.url });
  const a = await createVendor(server.database, server.auth, "Quote Motors & Sons");
  const b = await createVendor(server.database, server.auth, "Other Quote Co");
  vendorA = { cookie: (await signIn(server.app, a.email, a.password)).cookie, companyId: a.company.id };
  vendorB = { cookie: (await signIn(server.app, b.email, b.password)).cookie, companyId: b.company.id };
});
afterAll(async () => {
  await server?.close();
  await smtp?.stop();
});

const send = (method: "GET" | "POST", url: string, cookie: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    payload,
    headers: { cookie, origin: testOrigin },
    remoteAddress: loopbackAddress(),
  });

const newQuote = (cookie: string, overrides: object = {}) =>
  send("POST", "/api/portal/quotes", cookie, {
    price: "45,000",
    customerName: "Casey Customer",
    customerEmail: "casey@customer.example",
    tier: "",
    ...overrides,
  });

const tokenOf = (mailText: string) => /\/vendor_partner\/([a-z0-9-]+)\/apply#quote=([A-Za-z0-9_-]{43})/.exec(mailText);

describe("quotes to customers", () => {
  it("prices the four terms with the calculator's rules and mails a PDF and a pre-filled, attributed link", async () => {
    const response = await newQuote(vendorA.cookie, { tier: "2", customerEmail: "pdf@customer.example" });
    expect(response.statusCode).toBe(201);
    const quote = response.json();
    const expected = priceVendorQuote(45000, 2, yearInTimeZone(new Date(), "America/Los_Angeles"));
    expect(quote.terms).toEqual(expected.terms.map((entry) => ({ term: entry.term, payment: entry.payment })));
    expect(quote.status).toBe("sent");
    expect(new Date(quote.expiresAt).getTime() - new Date(quote.sentAt).getTime()).toBe(30 * 24 * 3600 * 1000);

    const mail = await smtp.waitFor((caught) => caught.to.includes("pdf@customer.example"));
    const link = tokenOf(mail.body);
    expect(link?.[1]).toBe("quote-motors-sons");
    const pdf = mailAttachments(mail).get("estimated-quote.pdf");
    const { pages, doc } = await readPdf(pdf!);
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    const text = pages.join(" ");
    expect(text).toContain("Quote Motors & Sons");
    expect(text).toContain(financingDisclaimer);
    expect(text).toContain("$45,000.00 (estimated)");
    for (const entry of expected.terms) expect(text).toContain(`${entry.term} months`);
    expect(text.match(/\(estimated\)/g)!.length).toBeGreaterThanOrEqual(8);

    // The token is stored hashed only.
    const [row] = await server.database.db.select().from(vendorQuote).where(eq(vendorQuote.id, quote.id));
    expect(row!.tokenHash).not.toContain(link![2]!);

    const opened = await send("POST", "/api/quotes/open", "", { token: link![2] });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({
      customerName: "Casey Customer",
      customerEmail: "pdf@customer.example",
      price: 45000,
      vendorName: "Quote Motors & Sons",
    });
    const listed = (await send("GET", "/api/portal/quotes", vendorA.cookie)).json();
    expect(listed.vendorSlug).toBe("quote-motors-sons");
    expect(listed.quotes.find((entry: { id: string }) => entry.id === quote.id).status).toBe("opened");

    const application = await send("POST", "/api/leads/credit-application", "", {
      ...sampleCreditApplication(),
      quoteToken: link![2],
    });
    expect(application.statusCode).toBe(201);
    const [applied] = await server.database.db.select().from(vendorQuote).where(eq(vendorQuote.id, quote.id));
    expect(applied!.applicationId).toBe(application.json().id);
    expect(applied!.companyId).toBe(vendorA.companyId);
    const afterApply = (await send("GET", "/api/portal/quotes", vendorA.cookie)).json();
    expect(afterApply.quotes.find((entry: { id: string }) => entry.id === quote.id).status).toBe("applied");
    // An applied quote's link no longer pre-fills.
    expect((await send("POST", "/api/quotes/open", "", { token: link![2] })).statusCode).toBe(410);
  });

  it("makes a customer who applies from a sales rep's quote that rep's referred deal", async () => {
    const created = await createAccount(server.auth, {
      email: "quoting-rep@quote-motors.example",
      name: "Quoting Rep",
      role: authRoles.vendor,
      password: "rep-password-12",
      emailVerified: true,
      vendorCompanyId: vendorA.companyId,
      dealerRole: dealerRoles.rep,
    });
    const rep = await signIn(server.app, "quoting-rep@quote-motors.example", "rep-password-12");
    await newQuote(rep.cookie, { customerEmail: "rep-quote@customer.example" });
    const token = tokenOf((await smtp.waitFor((caught) => caught.to.includes("rep-quote@customer.example"))).body)!;
    const application = await send("POST", "/api/leads/credit-application", "", {
      ...sampleCreditApplication({ BusinessName: "Rep Quoted Bakery", vendorSlug: token[1] }),
      quoteToken: token[2],
    });
    expect(application.statusCode).toBe(201);
    const [referred] = await server.database.db
      .select()
      .from(deal)
      .where(and(eq(deal.referralLeadType, "credit-application"), eq(deal.referralLeadId, application.json().id)));
    expect(referred).toMatchObject({ vendorCompanyId: vendorA.companyId, ownerUserId: created.id });
  });

  it("keeps each company's quotes to itself", async () => {
    const quote = (await newQuote(vendorA.cookie, { customerEmail: "scoped@customer.example" })).json();
    const other = (await send("GET", "/api/portal/quotes", vendorB.cookie)).json();
    expect(other.quotes.map((entry: { id: string }) => entry.id)).not.toContain(quote.id);
    expect((await send("POST", `/api/portal/quotes/${quote.id}/withdraw`, vendorB.cookie)).statusCode).toBe(404);
    expect((await send("POST", `/api/portal/quotes/${quote.id}/resend`, vendorB.cookie)).statusCode).toBe(404);
  });

  it("withdraws a quote: its link answers 410 and an application with it is still stored", async () => {
    const quote = (await newQuote(vendorA.cookie, { customerEmail: "withdrawn@customer.example" })).json();
    const token = tokenOf((await smtp.waitFor((caught) => caught.to.includes("withdrawn@customer.example"))).body)![2]!;
    const withdrawn = await send("POST", `/api/portal/quotes/${quote.id}/withdraw`, vendorA.cookie);
    expect(withdrawn.json().status).toBe("withdrawn");
    const opened = await send("POST", "/api/quotes/open", "", { token });
    expect(opened.statusCode).toBe(410);
    expect(opened.json().message).toMatch(/no longer available/);
    expect((await send("POST", `/api/portal/quotes/${quote.id}/resend`, vendorA.cookie)).statusCode).toBe(409);
    const application = await send("POST", "/api/leads/credit-application", "", {
      ...sampleCreditApplication(),
      quoteToken: token,
    });
    expect(application.statusCode).toBe(201);
    const [row] = await server.database.db.select().from(vendorQuote).where(eq(vendorQuote.id, quote.id));
    expect(row!.applicationId).toBeNull();
  });

  it("expires a link after 30 days, and a resend gives a new link for 30 more", async () => {
    const quote = (await newQuote(vendorA.cookie, { customerEmail: "expiry@customer.example" })).json();
    const oldToken = tokenOf((await smtp.waitFor((caught) => caught.to.includes("expiry@customer.example"))).body)![2]!;
    const past = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    await server.database.db
      .update(vendorQuote)
      .set({ sentAt: past, createdAt: past, expiresAt: new Date(past.getTime() + 30 * 24 * 3600 * 1000) })
      .where(eq(vendorQuote.id, quote.id));
    const listed = (await send("GET", "/api/portal/quotes", vendorA.cookie)).json();
    expect(listed.quotes.find((entry: { id: string }) => entry.id === quote.id).status).toBe("expired");
    expect((await send("POST", "/api/quotes/open", "", { token: oldToken })).statusCode).toBe(410);

    const resent = await send("POST", `/api/portal/quotes/${quote.id}/resend`, vendorA.cookie);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ status: "sent", resentCount: 1 });
    await smtp.waitFor(
      (caught) => caught.to.includes("expiry@customer.example") && tokenOf(caught.body)?.[2] !== oldToken,
    );
    const mails = smtp.mails.filter((caught) => caught.to.includes("expiry@customer.example"));
    const newToken = tokenOf(mails.at(-1)!.body)![2]!;
    expect(newToken).not.toBe(oldToken);
    expect((await send("POST", "/api/quotes/open", "", { token: oldToken })).statusCode).toBe(404);
    expect((await send("POST", "/api/quotes/open", "", { token: newToken })).statusCode).toBe(200);
  });

  it("answers an unknown or malformed token with 404 or 400, never more", async () => {
    expect((await send("POST", "/api/quotes/open", "", { token: "A".repeat(43) })).statusCode).toBe(404);
    expect((await send("POST", "/api/quotes/open", "", { token: "short" })).statusCode).toBe(400);
  });

  it("refuses a company's quotes past the hourly limit", async () => {
    const c = await createVendor(server.database, server.auth, "Busy Quotes");
    const cookie = (await signIn(server.app, c.email, c.password)).cookie;
    for (let index = 0; index < QUOTE_SENDS_PER_HOUR; index += 1) {
      expect((await newQuote(cookie, { customerEmail: `many${index}@customer.example` })).statusCode).toBe(201);
    }
    const refused = await newQuote(cookie, { customerEmail: "one-too-many@customer.example" });
    expect(refused.statusCode).toBe(429);
    const queued = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "one-too-many@customer.example"));
    expect(queued).toHaveLength(0);
  });

  it("refuses anyone but a vendor and a price the calculator refuses", async () => {
    expect((await newQuote("")).statusCode).toBe(401);
    expect((await newQuote(vendorA.cookie, { price: "-5" })).statusCode).toBe(400);
    expect((await newQuote(vendorA.cookie, { customerEmail: "not-mail" })).statusCode).toBe(400);
  });
});

describe("the widget's payment", () => {
  it("answers the best tier's longest-term payment, cacheable and readable from any origin", async () => {
    const response = await server.app.inject({
      url: "/api/widget/payment?price=45000&vendor=quote-motors-sons",
      headers: { origin: "http://dealer.example" },
    });
    expect(response.statusCode).toBe(200);
    const expected = priceVendorQuote(45000, null, yearInTimeZone(new Date(), "America/Los_Angeles")).terms.at(-1)!;
    expect(response.json()).toEqual({
      price: 45000,
      payment: expected.payment,
      term: 60,
      disclaimer: financingDisclaimer,
    });
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(response.headers["cache-control"]).toMatch(/^public, max-age=\d+$/);
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("answers a bad price or vendor with a 4xx and a message", async () => {
    for (const price of ["0", "-1", "abc", "1e9", "45000.123", "", "9999999999999"]) {
      const response = await server.app.inject({
        url: `/api/widget/payment?price=${encodeURIComponent(price)}&vendor=quote-motors-sons`,
      });
      expect(response.statusCode, price).toBe(400);
      expect(response.headers["access-control-allow-origin"]).toBe("*");
    }
    expect((await server.app.inject({ url: "/api/widget/payment?price=45000&vendor=nobody-here" })).statusCode).toBe(
      404,
    );
    expect((await server.app.inject({ url: "/api/widget/payment?price=45000&vendor=Bad%20Slug" })).statusCode).toBe(
      400,
    );
  });
});
