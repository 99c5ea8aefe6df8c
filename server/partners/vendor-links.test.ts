import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { slugFromName } from "#domain/vendors/vendor-slug.ts";
import { sampleCalculatorLead, sampleCreditApplication, sampleQuestionnaireAnswer } from "../demo/sample-requests.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
import { user } from "../auth/tables.ts";
import { calculatorLead } from "../calculator/tables.ts";
import { deal, dealClient } from "../deals/tables.ts";
import { creditApplication } from "../leads/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { partner, vendorLinkVisit } from "./tables.ts";
import { questionnaireAnswer } from "../questionnaire/tables.ts";
import { responseClock } from "../response-times/tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { webhookDelivery, webhookEndpoint, webhookEvent } from "../webhooks/tables.ts";

let server: TestServer;
let ola: { company: typeof vendorCompany.$inferSelect; email: string; cookie: string };
let other: { company: typeof vendorCompany.$inferSelect; email: string; cookie: string };

beforeAll(async () => {
  server = await startTestServer();
  for (const [name, assign] of [
    ["Ola Equipment", (value: typeof ola) => (ola = value)],
    ["Delta Dredging", (value: typeof other) => (other = value)],
  ] as const) {
    const created = await createVendor(server.database, server.auth, name);
    const { cookie } = await signIn(server.app, created.email, created.password);
    assign({ ...created, cookie });
  }
});
afterAll(() => server?.close());

const db = () => server.database.db;
const post = (url: string, payload?: object) =>
  server.app.inject({
    method: "POST",
    url,
    payload,
    remoteAddress: loopbackAddress(),
    headers: { origin: testOrigin },
  });
const get = (url: string, cookie: string) => server.app.inject({ url, headers: { cookie } });

describe("company slugs", () => {
  it("derives every new company's slug from its name, as domain/vendors/vendor-slug.ts does", () => {
    expect(ola.company.slug).toBe("ola-equipment");
    expect(ola.company.slug).toBe(slugFromName(ola.company.name));
  });

  it("appends the company code when the slug is taken, and when a partner has it", async () => {
    const [twin] = await db()
      .insert(vendorCompany)
      .values({ name: "OLA-Equipment", companyCode: "700001" })
      .returning();
    expect(twin!.slug).toBe("ola-equipment-700001");
    const [dental] = await db()
      .insert(vendorCompany)
      .values({ name: "Apronto Dental", companyCode: "700002" })
      .returning();
    expect(dental!.slug).toBe("apronto-dental");
    await db().insert(partner).values({
      slug: "acme-tools",
      name: "Acme",
      logoUrl: "/favicon.svg",
      primaryColor: "#000000",
      accentColor: "#ffffff",
      vendorName: "Acme",
      salesPerson: "Pat",
      vendorPhone: "(555) 010-0000",
    });
    const [acme] = await db().insert(vendorCompany).values({ name: "Acme Tools", companyCode: "700003" }).returning();
    expect(acme!.slug).toBe("acme-tools-700003");
  });

  it("keeps two companies from sharing a slug set by hand", async () => {
    await expect(
      db().update(vendorCompany).set({ slug: "ola-equipment" }).where(eq(vendorCompany.id, other.company.id)),
    ).rejects.toThrow();
  });
});

describe("vendor link pages' data", () => {
  it("answers a company's link with the default look and its name, and a partner's with its branding", async () => {
    const company = await server.app.inject("/api/partners/ola-equipment");
    expect(company.statusCode).toBe(200);
    expect(company.json()).toMatchObject({
      slug: "ola-equipment",
      name: "Ola Equipment",
      logoUrl: "/favicon.svg",
      vendorName: "Ola Equipment",
      referredTo: "Ola Equipment",
    });
    // Compared without case: a slug typed with capitals still finds the company.
    expect((await server.app.inject("/api/partners/Ola-Equipment")).json()).toMatchObject({
      referredTo: "Ola Equipment",
    });
    // Apronto Dental keeps its address; a stand-alone partner attributes to nobody.
    expect((await server.app.inject("/api/partners/Apronto_Dental")).json()).toMatchObject({
      name: "Apronto Dental",
      salesPerson: "Jordan Ellis",
      referredTo: "",
    });
    for (const slug of ["nobody", "%00", "a".repeat(200), "..%2f"]) {
      // NUL is refused before any route (400), an over-long segment by the router (414); the rest are no link (404).
      expect([400, 404, 414], slug).toContain((await server.app.inject(`/api/partners/${slug}`)).statusCode);
    }
  });

  it("uses a company's branding once staff link a partner to it, at both addresses", async () => {
    const [linked] = await db()
      .insert(partner)
      .values({
        slug: "Delta_Brand",
        name: "Delta Brand",
        logoUrl: "/favicon.svg",
        primaryColor: "#112233",
        accentColor: "#445566",
        vendorName: "Delta",
        salesPerson: "Sam",
        vendorPhone: "(555) 010-0001",
        vendorCompanyId: other.company.id,
      })
      .returning();
    expect((await server.app.inject(`/api/partners/${other.company.slug}`)).json()).toMatchObject({
      name: "Delta Brand",
      primaryColor: "#112233",
      referredTo: "Delta Dredging",
    });
    expect((await server.app.inject("/api/partners/Delta_Brand")).json()).toMatchObject({
      name: "Delta Brand",
      referredTo: "Delta Dredging",
    });
    await db().delete(partner).where(eq(partner.id, linked!.id));
  });
});

describe("attribution", () => {
  it("makes a calculator lead through a link the company's referred deal at stage 1, in the lead's transaction, and mails its users", async () => {
    const payload = sampleCalculatorLead({ vendorSlug: "ola-equipment", firstNameModel: "Referred" });
    const first = await post("/api/leads/calculator", payload);
    const again = await post("/api/leads/calculator", payload);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    const leadId = first.json().id as string;
    const [lead] = await db().select().from(calculatorLead).where(eq(calculatorLead.id, leadId));
    expect(lead!.vendorCompanyId).toBe(ola.company.id);
    const deals = await db()
      .select()
      .from(deal)
      .where(and(eq(deal.referralLeadType, "calculator"), eq(deal.referralLeadId, leadId)));
    expect(deals).toHaveLength(1);
    expect(deals[0]).toMatchObject({
      vendorCompanyId: ola.company.id,
      stage: 1,
      source: "vendor-link",
      submittedByUserId: null,
      ownersName: "Referred Ruiz",
    });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, ola.email));
    expect(mails.map((mail) => mail.subject)).toContain("New referred customer: Referred Ruiz");
    const [teamMail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, "New calculator lead: Referred Ruiz (Ola Equipment)"));
    expect(teamMail!.text).toContain("Referred through Ola Equipment's link.");
  });

  it("shows the referred deal in the company's portal, marked, and to no other company", async () => {
    const list = await get("/api/portal/deals?month=all", ola.cookie);
    const referred = list.json().deals.find((row: { ownersName: string }) => row.ownersName === "Referred Ruiz");
    expect(referred).toMatchObject({ stage: 1, referred: true });
    expect((await get(`/api/portal/deals/${referred.id}`, ola.cookie)).json().deal).toMatchObject({ referred: true });
    const otherList = await get("/api/portal/deals?month=all", other.cookie);
    expect(otherList.json().deals.some((row: { id: string }) => row.id === referred.id)).toBe(false);
    expect((await get(`/api/portal/deals/${referred.id}`, other.cookie)).statusCode).toBe(404);
  });

  it("attributes a questionnaire answer and a credit application, and never copies an SSN, tax id or date of birth into the deal", async () => {
    const answer = await post(
      "/api/leads/questionnaire-answer",
      sampleQuestionnaireAnswer({ vendorSlug: "ola-equipment", nameOfOwner: "Quinn Answer" }),
    );
    expect(answer.statusCode).toBe(201);
    const [answerRow] = await db()
      .select()
      .from(questionnaireAnswer)
      .where(eq(questionnaireAnswer.id, answer.json().id));
    expect(answerRow!.vendorCompanyId).toBe(ola.company.id);

    const application = await post(
      "/api/leads/credit-application",
      sampleCreditApplication({ vendorSlug: "ola-equipment", BusinessName: "Referred Rock LLC" }),
    );
    expect(application.statusCode).toBe(201);
    const [applicationRow] = await db()
      .select()
      .from(creditApplication)
      .where(eq(creditApplication.id, application.json().id));
    expect(applicationRow!.vendorCompanyId).toBe(ola.company.id);
    const [referred] = await db().select().from(deal).where(eq(deal.referralLeadId, application.json().id));
    expect(referred).toMatchObject({
      businessName: "Referred Rock LLC",
      source: "vendor-link",
      referralLeadType: "credit-application",
    });
    const [client] = await db().select().from(dealClient).where(eq(dealClient.dealId, referred!.id));
    expect(client).toMatchObject({
      businessTaxIdEncrypted: null,
      businessTaxIdLast4: null,
      dobEncrypted: null,
      referralSource: "Referred through Ola Equipment's link",
    });
    const stored = JSON.stringify({ referred, client });
    for (const secret of ["98-7654321", "7654321", "531-86-4207", "612-49-3378"]) expect(stored).not.toContain(secret);
    // The last four digits, away from the generated numbers (ids, account and customer numbers,
    // times), which hold any four digits by chance.
    const generated = [
      "id",
      "dealId",
      "idempotencyKey",
      "referralLeadId",
      "vendorCompanyId",
      "accountNumber",
      "customerNumber",
      "searchText",
      "createdAt",
      "lastUpdate",
    ];
    const written = JSON.stringify({ referred, client }, (key, value: unknown) =>
      generated.includes(key) ? undefined : value,
    );
    for (const lastFour of ["4321", "4207", "3378"]) expect(written).not.toContain(lastFour);
    const portal = JSON.stringify((await get(`/api/portal/deals/${referred!.id}`, ola.cookie)).json());
    for (const secret of ["98-7654321", "531-86-4207", "612-49-3378"]) expect(portal).not.toContain(secret);
  });

  it("ignores an unknown or malformed slug: the lead is stored, no deal is made, never a 5xx", async () => {
    const before = (
      await db()
        .select({ count: sql<number>`count(*)::int` })
        .from(deal)
    )[0]!.count;
    const unknown = await post("/api/leads/calculator", sampleCalculatorLead({ vendorSlug: "no-such-dealer" }));
    expect(unknown.statusCode).toBe(201);
    expect(
      (await db().select().from(calculatorLead).where(eq(calculatorLead.id, unknown.json().id)))[0]!.vendorCompanyId,
    ).toBeNull();
    expect(
      (await post("/api/leads/questionnaire-answer", sampleQuestionnaireAnswer({ vendorSlug: "Nobody_Here" })))
        .statusCode,
    ).toBe(201);
    expect((await post("/api/leads/calculator", sampleCalculatorLead({ vendorSlug: "bad slug!" }))).statusCode).toBe(
      400,
    );
    expect(
      (
        await db()
          .select({ count: sql<number>`count(*)::int` })
          .from(deal)
      )[0]!.count,
    ).toBe(before);
  });

  it("stores neither the lead nor the deal when the deal cannot be made (one transaction)", async () => {
    const key = randomUUID();
    // A deal already holds the idempotency key the referred deal would take: make the deal insert fail.
    await db().execute(
      sql`create function refuse_referred() returns trigger language plpgsql as $$ begin raise exception 'refused'; end; $$`,
    );
    await db().execute(
      sql`create trigger refuse_referred before insert on deal for each row when (new.source = 'vendor-link') execute function refuse_referred()`,
    );
    try {
      const response = await post(
        "/api/leads/calculator",
        sampleCalculatorLead({ vendorSlug: "ola-equipment", idempotencyKey: key }),
      );
      expect(response.statusCode).toBe(500);
      expect(await db().select().from(calculatorLead).where(eq(calculatorLead.idempotencyKey, key))).toHaveLength(0);
    } finally {
      await db().execute(sql`drop trigger refuse_referred on deal`);
      await db().execute(sql`drop function refuse_referred()`);
    }
  });

  it("shows the credit team where the lead and the deal came from", async () => {
    const [lead] = await db().select().from(calculatorLead).where(eq(calculatorLead.firstName, "Referred"));
    const [referred] = await db().select().from(deal).where(eq(deal.referralLeadId, lead!.id));
    const admin = await staffCookie();
    const leadPage = await get(`/api/back-office/leads/calculator/${lead!.id}`, admin);
    expect(leadPage.json().referral).toEqual({
      companyName: "Ola Equipment",
      dealId: referred!.id,
      text: "Referred through Ola Equipment's link",
    });
    const dealPage = await get(`/api/back-office/deals/${referred!.id}`, admin);
    expect(dealPage.json().deal).toMatchObject({
      referredThrough: "Referred through Ola Equipment's link",
      vendorEmail: null,
    });
  });

  it("mails a referred deal's stage changes to the company's users", async () => {
    const [referred] = await db().select().from(deal).where(eq(deal.ownersName, "Referred Ruiz"));
    const admin = await staffCookie();
    const response = await server.app.inject({
      method: "PATCH",
      url: `/api/back-office/deals/${referred!.id}`,
      headers: { cookie: admin, origin: testOrigin },
      payload: { stage: 2 },
    });
    expect(response.statusCode).toBe(200);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, ola.email), sql`${mailOutbox.subject} like 'Referred Ruiz:%'`));
    expect(mails).toHaveLength(1);
  });
});

describe("webhooks", () => {
  it("emits the company's deal.created event for a referred deal, as for a vendor's own deal, and starts no deal clock", async () => {
    const hooked = await createVendor(server.database, server.auth, "Hook Line Marine");
    const [owner] = await db().select({ id: user.id }).from(user).where(eq(user.email, hooked.email));
    await db()
      .insert(webhookEndpoint)
      .values({
        vendorCompanyId: hooked.company.id,
        url: "https://dealer.example/hooks",
        events: ["deal.created"],
        secretEncrypted: server.cipher.encrypt("whsec_x"),
        createdByUserId: owner!.id,
      });
    const lead = await post(
      "/api/leads/calculator",
      sampleCalculatorLead({ vendorSlug: hooked.company.slug, firstNameModel: "Hooked" }),
    );
    expect(lead.statusCode).toBe(201);
    const [referred] = await db().select().from(deal).where(eq(deal.referralLeadId, lead.json().id));
    const events = await db().select().from(webhookEvent).where(eq(webhookEvent.vendorCompanyId, hooked.company.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "deal.created",
      payload: {
        id: referred!.id,
        accountNumber: referred!.accountNumber,
        businessName: referred!.businessName,
        stage: 1,
        referred: true,
      },
    });
    expect(await db().select().from(webhookDelivery).where(eq(webhookDelivery.eventId, events[0]!.id))).toHaveLength(1);
    // The lead has its own clock; the deal made from it starts none.
    expect(await db().select().from(responseClock).where(eq(responseClock.subjectId, referred!.id))).toHaveLength(0);
  });
});

describe("visits and the portal's link screen", () => {
  it("counts visits per company and day without personal data, and not for unknown links", async () => {
    expect((await post("/api/vendor-links/ola-equipment/visit")).json()).toEqual({ counted: true });
    expect((await post("/api/vendor-links/ola-equipment/visit")).json()).toEqual({ counted: true });
    expect((await post("/api/vendor-links/nobody/visit")).json()).toEqual({ counted: false });
    expect((await post("/api/vendor-links/Apronto_Dental/visit")).json()).toEqual({ counted: false });
    const rows = await db().select().from(vendorLinkVisit).where(eq(vendorLinkVisit.vendorCompanyId, ola.company.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.visits).toBe(2);
    expect(Object.keys(rows[0]!).sort()).toEqual(["day", "ownerUserId", "vendorCompanyId", "visits"]);
    expect(rows[0]!.ownerUserId).toBe("");
  });

  it("shows a vendor their own link, visits and leads", async () => {
    await db().insert(vendorLinkVisit).values({ vendorCompanyId: ola.company.id, day: "2020-01-01", visits: 5 });
    const response = await get("/api/portal/link", ola.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual({
      companyName: "Ola Equipment",
      slug: "ola-equipment",
      url: `${testOrigin}/vendor_partner/ola-equipment`,
      applyUrl: `${testOrigin}/vendor_partner/ola-equipment/apply`,
      visits: { last30Days: 2, total: 7 },
      leads: { last30Days: 3, total: 3 },
    });
    expect((await get("/api/portal/link", other.cookie)).json()).toMatchObject({
      slug: "delta-dredging",
      visits: { total: 0 },
      leads: { total: 0 },
    });
    expect((await server.app.inject("/api/portal/link")).statusCode).toBe(401);
  });

  it("gives the link as a QR code, SVG or PNG, to download", async () => {
    const svg = await get("/api/portal/link/qr", ola.cookie);
    expect(svg.headers["content-type"]).toContain("image/svg+xml");
    expect(svg.headers["content-disposition"]).toBe('attachment; filename="ola-equipment-qr.svg"');
    expect(svg.body).toContain("<svg");
    const png = await get("/api/portal/link/qr?format=png", ola.cookie);
    expect(png.headers["content-type"]).toBe("image/png");
    expect(png.rawPayload.subarray(1, 4).toString()).toBe("PNG");
    expect((await server.app.inject("/api/portal/link/qr")).statusCode).toBe(401);
  });
});

async function staffCookie() {
  const { createAccount } = await import("../accounts/create-account.ts");
  const email = `staff-${randomUUID().slice(0, 6)}@example.com`;
  await createAccount(server.auth, {
    email,
    name: "Staff",
    role: authRoles.admin,
    password: "staff-password-1",
    emailVerified: true,
  });
  return (await signIn(server.app, email, "staff-password-1")).cookie;
}
