import { randomUUID } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { sampleCalculatorLead, sampleCreditApplication, sampleNewDealFields } from "../demo/sample-requests.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
import { multipartBody, samplePdf } from "../../tests/support/multipart.ts";
import { createAccount } from "../accounts/create-account.ts";
import { auditLog } from "../audit/tables.ts";
import { deal, dealClient } from "../deals/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { responseClock } from "../response-times/tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { webhookEvent } from "../webhooks/tables.ts";
import { creditApplication, creditApplicationOwner } from "./tables.ts";

// docs/product-rules.md#r12-stages: staff open a deal from a credit application or calculator lead that
// came to us directly; the deal has no vendor, its page links back to the lead, and no vendor ever sees it.

let server: TestServer;
let staff: string;
let vendor: { cookie: string; key: string; companyId: string; slug: string };

const inject = (method: "GET" | "POST" | "PATCH", url: string, cookie: string | null, payload?: object) =>
  server.app.inject({
    method,
    url,
    payload,
    remoteAddress: loopbackAddress(),
    headers: { ...(cookie ? { cookie } : {}), origin: testOrigin },
  });
const submitLead = async (url: string, payload: object) => {
  const response = await inject("POST", url, null, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return (response.json() as { id: string }).id;
};
const openDeal = (type: string, id: string, cookie: string | null = staff) =>
  inject("POST", `/api/back-office/leads/${type}/${id}/deal`, cookie);
const openedDeal = async (type: string, id: string) => {
  const response = await openDeal(type, id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { dealId: string; accountNumber: string; created: boolean };
};
const rowsOfDeal = async (dealId: string) => {
  const [row] = await server.database.db.select().from(deal).where(eq(deal.id, dealId));
  const [client] = await server.database.db.select().from(dealClient).where(eq(dealClient.dealId, dealId));
  return { row: row!, client: client! };
};
const plaintexts = ["531-86-4207", "531864207", "612-49-3378", "612493378", "98-7654321", "987654321"];

beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server.auth, {
    email: "analyst@lender.example",
    name: "Analyst",
    role: authRoles.staff,
    password: "analyst-password-1",
    emailVerified: true,
  });
  staff = (await signIn(server.app, "analyst@lender.example", "analyst-password-1")).cookie;
  const created = await createVendor(server.database, server.auth, "Delta Dozers");
  const cookie = (await signIn(server.app, created.email, created.password)).cookie;
  const key = await inject("POST", "/api/portal/api-keys", cookie, { name: "Our DMS" });
  expect(key.statusCode, key.body).toBe(201);
  const [company] = await server.database.db
    .select({ slug: vendorCompany.slug })
    .from(vendorCompany)
    .where(eq(vendorCompany.id, created.company.id));
  vendor = { cookie, key: key.json().secret, companyId: created.company.id, slug: company!.slug };
  // The vendor's own deal, so its lists are not empty for want of deals.
  const body = multipartBody({ deal: JSON.stringify(sampleNewDealFields({ businessName: "own deal paving" })) }, [
    { field: "client-info", name: "app.pdf", content: samplePdf },
  ]);
  const own = await server.app.inject({
    method: "POST",
    url: "/api/portal/deals",
    payload: body.payload,
    headers: { cookie, origin: testOrigin, "content-type": body.contentType },
  });
  expect(own.statusCode, own.body).toBe(201);
});
afterAll(() => server?.close());

describe("a deal opened from a lead", () => {
  let applicationId: string;
  let applicationDeal: { dealId: string; accountNumber: string; created: boolean };

  beforeAll(async () => {
    applicationId = await submitLead(
      "/api/leads/credit-application",
      sampleCreditApplication({ BusinessName: "Direct Granite LLC", businessEmail: "office@directgranite.example" }),
    );
    applicationDeal = await openedDeal("credit-application", applicationId);
  });

  it("carries a credit application over, the tax id still the application's ciphertext and no number in clear", async () => {
    expect(applicationDeal.created).toBe(true);
    expect(applicationDeal.accountNumber).toMatch(/^VP\d{5}$/);
    const { row, client } = await rowsOfDeal(applicationDeal.dealId);
    expect(row).toMatchObject({
      source: "direct",
      vendorCompanyId: null,
      ownerUserId: null,
      submittedByUserId: null,
      referralLeadType: "credit-application",
      referralLeadId: applicationId,
      stage: 1,
      businessName: "Direct Granite LLC",
      ownersName: "Maria Lopez",
      businessPhone: "(559) 555-0142",
      businessEmail: "office@directgranite.example",
      costOfEquipment: 185000,
      equipmentDescription: "2024 compact track loader",
    });
    expect(client).toMatchObject({
      firstName: "Maria",
      lastName: "Lopez",
      nameOfBusiness: "Direct Granite LLC",
      emailContact: "office@directgranite.example",
      phoneNumber: "(559) 555-0142",
      ownerTitle: "Managing Member",
      ownerPercentage: 60,
      businessTaxIdLast4: "4321",
      dobEncrypted: null,
    });
    const [application] = await server.database.db
      .select()
      .from(creditApplication)
      .where(eq(creditApplication.id, applicationId));
    // The very ciphertext the application stored: copied, not decrypted and encrypted again.
    expect(application!.fedIdEncrypted).toMatch(/^v1\./);
    expect(client.businessTaxIdEncrypted).toBe(application!.fedIdEncrypted);
    // The owners' SSNs stay (encrypted) on the application, which the deal links to; no deal row holds one in clear.
    const owners = await server.database.db
      .select({ ssn: creditApplicationOwner.ssnEncrypted })
      .from(creditApplicationOwner)
      .where(eq(creditApplicationOwner.applicationId, applicationId));
    const stored = JSON.stringify({ row, client });
    for (const secret of plaintexts) expect(stored).not.toContain(secret);
    for (const owner of owners) expect(owner.ssn).toMatch(/^v1\./);

    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "deal.opened-from-lead"), eq(auditLog.subject, applicationDeal.dealId)));
    expect(audit?.details).toMatchObject({ leadType: "credit-application", leadId: applicationId });
    // The lead's clock was the promise; the deal starts none. No dealer, so no webhook event.
    const clocks = await server.database.db
      .select()
      .from(responseClock)
      .where(eq(responseClock.subjectId, applicationDeal.dealId));
    expect(clocks).toEqual([]);
    const events = await server.database.db.select({ payload: webhookEvent.payload }).from(webhookEvent);
    expect(JSON.stringify(events)).not.toContain(applicationDeal.dealId);
  });

  it("links the lead and the deal both ways, the deal's vendor reading Direct", async () => {
    const lead = (await inject("GET", `/api/back-office/leads/credit-application/${applicationId}`, staff)).json();
    expect(lead.directDeal).toEqual({ id: applicationDeal.dealId, accountNumber: applicationDeal.accountNumber });
    expect(lead.referral).toBeNull();
    const detail = await inject("GET", `/api/back-office/deals/${applicationDeal.dealId}`, staff);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().deal).toMatchObject({
      companyName: "Direct",
      vendorEmail: null,
      referredThrough: null,
      direct: true,
      fromLead: { type: "credit-application", id: applicationId },
    });
    expect(detail.json().client.taxIdMasked).toBe("••-•••4321");
    // The copied ciphertext is the deal's like any other: staff's audited reveal reads it.
    const revealed = await inject("POST", `/api/back-office/deals/${applicationDeal.dealId}/reveal`, staff, {
      field: "taxId",
    });
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json().value).toBe("98-7654321");
  });

  it("carries a calculator lead over", async () => {
    const leadId = await submitLead(
      "/api/leads/calculator",
      sampleCalculatorLead({ firstNameModel: "Cora", lastNameModel: "Direct", ownersEmail: "cora@direct.example" }),
    );
    const opened = await openedDeal("calculator", leadId);
    expect(opened.created).toBe(true);
    const { row, client } = await rowsOfDeal(opened.dealId);
    expect(row).toMatchObject({
      source: "direct",
      vendorCompanyId: null,
      referralLeadType: "calculator",
      referralLeadId: leadId,
      businessName: "Cora Direct",
      ownersName: "Cora Direct",
      businessPhone: "(555) 010-0100",
      businessEmail: "cora@direct.example",
      costOfEquipment: 120000,
      equipmentDescription: "truck, new, sleeper",
    });
    expect(client).toMatchObject({ firstName: "Cora", lastName: "Direct", businessTaxIdEncrypted: null });
    const lead = (await inject("GET", `/api/back-office/leads/calculator/${leadId}`, staff)).json();
    expect(lead.directDeal.id).toBe(opened.dealId);
  });

  it("opens one deal per lead however often it is asked, and refuses vendors and visitors", async () => {
    const again = await openedDeal("credit-application", applicationId);
    expect(again).toEqual({ ...applicationDeal, created: false });

    // Two clicks at once: one deal, both answered with it.
    const leadId = await submitLead("/api/leads/calculator", sampleCalculatorLead({ firstNameModel: "Twice" }));
    const [first, second] = await Promise.all([openDeal("calculator", leadId), openDeal("calculator", leadId)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().dealId).toBe(second.json().dealId);
    expect([first.json().created, second.json().created].sort()).toEqual([false, true]);
    const deals = await server.database.db.select({ id: deal.id }).from(deal).where(eq(deal.referralLeadId, leadId));
    expect(deals).toHaveLength(1);

    // A lead referred through a vendor's link already is its company's deal: that one is answered.
    const referredId = await submitLead(
      "/api/leads/credit-application",
      sampleCreditApplication({ vendorSlug: vendor.slug, BusinessName: "Referred Rock LLC" }),
    );
    const referred = await openedDeal("credit-application", referredId);
    expect(referred.created).toBe(false);
    expect((await rowsOfDeal(referred.dealId)).row).toMatchObject({
      source: "vendor-link",
      vendorCompanyId: vendor.companyId,
    });

    expect((await openDeal("credit-application", randomUUID())).statusCode).toBe(404);
    expect((await openDeal("footer-message", randomUUID())).statusCode).toBe(400);
    expect((await openDeal("credit-application", applicationId, vendor.cookie)).statusCode).toBe(403);
    expect((await openDeal("credit-application", applicationId, null)).statusCode).toBe(401);
  });

  it("is never shown to a vendor or through the API", async () => {
    const dealId = applicationDeal.dealId;
    const portal = (await inject("GET", "/api/portal/deals?month=all", vendor.cookie)).json();
    expect(portal.deals.map((row: { id: string }) => row.id)).not.toContain(dealId);
    expect(portal.deals.some((row: { businessName: string }) => /DIRECT|Direct/.test(row.businessName))).toBe(false);
    const dashboard = (await inject("GET", "/api/portal/dashboard?month=all", vendor.cookie)).json();
    // The vendor's own deal and the one referred through its link: nothing else.
    expect(dashboard.applications).toBe(2);
    for (const url of [`/api/portal/deals/${dealId}`, `/api/portal/deals/${dealId}/messages`]) {
      expect((await inject("GET", url, vendor.cookie)).statusCode, url).toBe(404);
    }
    expect((await inject("POST", `/api/portal/deals/${dealId}/read`, vendor.cookie)).statusCode).toBe(404);
    const bearer = { authorization: `Bearer ${vendor.key}` };
    const list = await server.app.inject({ url: "/api/v1/deals", headers: bearer });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().deals.map((row: { id: string }) => row.id)).not.toContain(dealId);
    for (const url of [`/api/v1/deals/${dealId}`, `/api/v1/deals/${dealId}/messages`]) {
      expect((await server.app.inject({ url, headers: bearer })).statusCode, url).toBe(404);
    }
  });

  it("is listed, searched, filtered, counted and exported with its vendor Direct", async () => {
    const listed = async (query: string) =>
      (await inject("GET", `/api/back-office/deals?${query}`, staff)).json().deals as {
        id: string;
        companyName: string;
      }[];
    const all = await listed("");
    expect(all.find((row) => row.id === applicationDeal.dealId)?.companyName).toBe("Direct");
    expect((await listed("q=direct%20granite")).map((row) => row.id)).toEqual([applicationDeal.dealId]);
    expect((await listed("q=direct")).map((row) => row.id)).toContain(applicationDeal.dealId);
    const direct = await listed("company=direct");
    expect(direct.length).toBeGreaterThanOrEqual(3);
    expect(direct.every((row) => row.companyName === "Direct")).toBe(true);
    expect((await listed(`company=${vendor.companyId}`)).map((row) => row.id)).not.toContain(applicationDeal.dealId);
    expect((await listed("stage=1")).map((row) => row.id)).toContain(applicationDeal.dealId);

    const summary = (await inject("GET", "/api/back-office/summary", staff)).json();
    expect(summary.dealsAwaitingAnswer).toBe(all.length);

    const csv = await inject("GET", `/api/back-office/export/deals.csv?from=2020-01-01&to=2099-12-31`, staff);
    expect(csv.statusCode, csv.body).toBe(200);
    const line = csv.body.split("\n").find((text) => text.startsWith(applicationDeal.accountNumber));
    expect(line?.split(",").slice(0, 3)).toEqual([applicationDeal.accountNumber, "Direct", "Direct Granite LLC"]);
  });

  it("mails the applicant, and no dealer, when staff move it", async () => {
    const before = new Date();
    const moved = await inject("PATCH", `/api/back-office/deals/${applicationDeal.dealId}`, staff, { stage: 2 });
    expect(moved.statusCode, moved.body).toBe(200);
    const mails = await server.database.db.select().from(mailOutbox).where(gt(mailOutbox.createdAt, before));
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      ["office@directgranite.example", "Good news: your financing application is approved"],
    ]);
  });
  // docs/product-rules.md#r55-stipulations
  it("asks its applicant for what a dealer would send, and tells no dealer", async () => {
    const stips = (await inject("GET", `/api/back-office/deals/${applicationDeal.dealId}/stips`, staff)).json();
    const invoice = stips.catalog.find((kind: { name: string }) => kind.name === "Equipment invoice");
    expect(invoice.satisfiedBy).toBe("dealer");
    const before = new Date();
    const requested = await inject("POST", `/api/back-office/deals/${applicationDeal.dealId}/stips`, staff, {
      kinds: [invoice.id],
      name: "",
      description: "",
      satisfiedBy: "applicant",
    });
    expect(requested.statusCode, requested.body).toBe(201);
    expect(
      requested.json().stips.map((stip: { name: string; satisfiedBy: string }) => [stip.name, stip.satisfiedBy]),
    ).toEqual([["Equipment invoice", "applicant"]]);
    const mails = await server.database.db.select().from(mailOutbox).where(gt(mailOutbox.createdAt, before));
    expect(mails).toEqual([]);
  });
});
