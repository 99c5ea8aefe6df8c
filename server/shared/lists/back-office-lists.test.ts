import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_COUNT_CAP, LIST_PAGE_SIZE } from "#domain/http/list-page.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { leadTypes } from "#domain/leads/lead-inbox.ts";
import { businessDaysToInstants } from "#domain/site/business-day.ts";
import {
  sampleCalculatorLead,
  sampleCreditApplication,
  sampleQuestionnaireAnswer,
} from "../../demo/sample-requests.ts";
import { queryRows } from "../../../tests/support/test-database.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../../tests/support/test-server.ts";
import { createVendor } from "../../../tests/support/vendor-fixtures.ts";
import { withoutIds } from "../../../tests/support/without-ids.ts";
import { createAccount } from "../../accounts/create-account.ts";
import { reindexAllLeads } from "../../response-times/lead-index.ts";

// docs/product-rules.md#r46-back-office-lists: the lead index row of every kind, and the lead, deal and audit lists'
// search, filters,
// sorts, keyset pages and capped totals through their endpoints.

let server: TestServer;
let admin: string;
let adminId: string;
let vendor: string;
let vendorCompanyId: string;
let otherCompanyId: string;
const ids: Record<string, string> = {};

type Page = { next: string | null; previous: string | null; total: number; totalCapped: boolean };
type Lead = {
  type: string;
  id: string;
  title: string;
  contact: string;
  status: string;
  assignee: string | null;
  createdAt: string;
};
type Deal = { id: string; accountNumber: string; businessName: string; companyName: string; stage: number };

const get = (url: string, cookie = admin) =>
  server.app.inject({ method: "GET", url, headers: { cookie, origin: testOrigin } });
const leads = async (query: string) => {
  const response = await get(`/api/back-office/leads?${query}`);
  expect(response.statusCode, query).toBe(200);
  return response.json() as { leads: Lead[]; page: Page };
};
const deals = async (query: string) => {
  const response = await get(`/api/back-office/deals?${query}`);
  expect(response.statusCode, query).toBe(200);
  return response.json() as { deals: Deal[]; page: Page };
};

beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server.auth, {
    email: "lists-admin@lender.example",
    name: "Lists Admin",
    role: authRoles.admin,
    password: "admin-password-1",
    emailVerified: true,
  });
  admin = (await signIn(server.app, "lists-admin@lender.example", "admin-password-1")).cookie;
  adminId = (await get("/api/me")).json().user.id;
  const created = await createVendor(server.database, server.auth, "Quarry Line Equipment");
  vendorCompanyId = created.company.id;
  vendor = (await signIn(server.app, created.email, created.password)).cookie;
  otherCompanyId = (await createVendor(server.database, server.auth, "Other Rentals")).company.id;

  const post = async (url: string, payload: object) => {
    const response = await server.app.inject({
      method: "POST",
      url,
      payload,
      remoteAddress: loopbackAddress(),
      headers: { origin: testOrigin },
    });
    expect(response.statusCode, url).toBe(201);
    return (response.json() as { id: string }).id;
  };
  ids.questionnaire = await post("/api/leads/questionnaire-answer", sampleQuestionnaireAnswer());
  ids["picked-option"] = await post("/api/leads/picked-option", {
    answerId: ids.questionnaire,
    term: "36",
    agreeItsJustProposal: true,
    idempotencyKey: randomUUID(),
  });
  ids["credit-application"] = await post(
    "/api/leads/credit-application",
    sampleCreditApplication({
      BusinessName: "Zephyr Quarry Works",
      businessEmail: "Billing@ZephyrQuarry.example",
      businessPhone: "(415) 555-0199",
    }),
  );
  ids.calculator = await post("/api/leads/calculator", sampleCalculatorLead());
  ids["vendor-contact"] = await post("/api/leads/vendor-contact", {
    businessName: "Kind Check",
    contactName: "Kim Okafor",
    phoneNumber: "(555) 014-2277",
    email: "kim@x.example",
    idempotencyKey: randomUUID(),
  });
  ids["footer-message"] = await post("/api/leads/footer-message", {
    nameOfBusiness: "",
    nameUser: "Lee Marsh",
    emailUser: "lee@x.example",
    subjectUser: "Hi",
    idempotencyKey: randomUUID(),
  });

  // 120 older footer messages straight into their table, then their index rows.
  await server.database.db
    .execute(sql`insert into footer_message (idempotency_key, name_of_business, name_user, email_user, message, created_at)
    select 'page-' || g, 'Paging Co', 'Pager ' || g, 'pager' || g || '@x.example', 'hello', timestamptz '2024-03-01 12:00:00+00' - g * interval '1 hour' from generate_series(1, 120) g`);
  await server.database.db.execute(reindexAllLeads);

  await server.database.db
    .execute(sql`insert into deal (idempotency_key, vendor_company_id, submitted_by_user_id, account_number, business_name, owners_name, business_phone, business_email, stage, description, equipment_description, month_submitted, year_in_file, last_update, created_at)
    select 'list-' || g, case when g % 2 = 0 then ${vendorCompanyId}::uuid else ${otherCompanyId}::uuid end, (select id from "user" where email = ${created.email}), 'VP' || (40000 + g),
      'Deal Business ' || g, 'Owner ' || g, '(212) 555-' || lpad(g::text, 4, '0'), 'deal' || g || '@biz.example', 1 + g % 3, 'Loader', 'Loader', 2, 2025,
      timestamptz '2025-06-01 12:00:00+00' + g * interval '1 minute', timestamptz '2025-03-01 12:00:00+00' + g * interval '1 hour'
    from generate_series(1, 75) g`);
});
afterAll(() => server?.close());

describe("the lead index", () => {
  it("holds a row for every lead of every kind, written with the lead, with its title, contact and search text", async () => {
    const rows = await queryRows<{
      lead_type: string;
      lead_id: string;
      title: string;
      contact: string;
      search_text: string;
      status: string;
    }>(
      server.database.db,
      sql`select lead_type, lead_id, title, contact, search_text, status from lead_status where lead_id in (${sql.join(
        Object.values(ids).map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    expect(new Set(rows.map((row) => row.lead_type))).toEqual(new Set(leadTypes));
    for (const row of rows) {
      expect(row.lead_id).toBe(ids[row.lead_type]);
      expect(row.title, row.lead_type).not.toBe("");
      expect(row.status).toBe("new");
    }
    const application = rows.find((row) => row.lead_type === "credit-application")!;
    expect(application.search_text).toContain("billing@zephyrquarry.example");
    expect(application.search_text).toContain("4155550199");
    expect(withoutIds(JSON.stringify(rows))).not.toMatch(/531-86|612-49|98-765|1980-02-03/);
  });

  it("lists every kind newest first, with the status and assignee the team sets", async () => {
    const first = await leads("");
    expect(first.leads.slice(0, 6).map((lead) => lead.type)).toEqual([...leadTypes].reverse());
    expect(
      (
        await server.app.inject({
          method: "PATCH",
          url: `/api/back-office/leads/calculator/${ids.calculator}`,
          payload: { status: "contacted", assigneeUserId: adminId },
          headers: { cookie: admin, origin: testOrigin },
        })
      ).statusCode,
    ).toBe(200);
    expect((await leads("status=contacted")).leads).toEqual([
      expect.objectContaining({ id: ids.calculator, status: "contacted", assignee: "lists-admin@lender.example" }),
    ]);
    expect((await leads(`assignee=${adminId}`)).leads.map((lead) => lead.id)).toEqual([ids.calculator]);
    expect((await leads("assignee=none")).leads.map((lead) => lead.id)).not.toContain(ids.calculator);
  });
});

describe("lead search and filters", () => {
  it("finds a lead by part of its name, business or e-mail in any case, and by its phone's digits however typed", async () => {
    const found = async (q: string) =>
      (await leads(`q=${encodeURIComponent(q)}`)).leads.map((lead) => `${lead.type}:${lead.id}`);
    expect(await found("zephyr QUARRY")).toEqual([`credit-application:${ids["credit-application"]}`]);
    expect(await found("billing@zephyr")).toEqual([`credit-application:${ids["credit-application"]}`]);
    expect(await found("415-555-0199")).toEqual([`credit-application:${ids["credit-application"]}`]);
    expect(await found("5550199")).toEqual([`credit-application:${ids["credit-application"]}`]);
    expect(await found("okafor")).toEqual([`vendor-contact:${ids["vendor-contact"]}`]);
    expect(await found("(555) 014-2277")).toEqual([`vendor-contact:${ids["vendor-contact"]}`]);
    expect(await found("lee mar")).toEqual([`footer-message:${ids["footer-message"]}`]);
    expect(await found("100%_")).toEqual([]);
  });

  it("matches the characters between words as typed (the index is asked for the words alone)", async () => {
    const names = ["Kite Shop", "Kite-Shop", "Kite_Shop", "Kite%Shop"];
    const stored = await queryRows<{ id: string; name_user: string }>(
      server.database.db,
      sql`insert into footer_message (idempotency_key, name_of_business, name_user, email_user, message)
        select 'between-' || name, '', name, 'kite@x.example', 'hello' from unnest(${`{${names.map((name) => `"${name}"`).join(",")}}`}::text[]) name
        returning id, name_user`,
    );
    await server.database.db.execute(reindexAllLeads);
    try {
      const idOf = Object.fromEntries(stored.map((row) => [row.name_user, row.id]));
      const found = async (q: string) =>
        (await leads(`q=${encodeURIComponent(q)}`)).leads.map((lead) => lead.id).sort();
      for (const name of names) expect(await found(name), name).toEqual([idOf[name]]);
      expect(await found("kite")).toEqual(Object.values(idOf).sort());
      expect(await found("kite  shop")).toEqual([]);
    } finally {
      await server.database.db.execute(
        sql`delete from lead_status where lead_type = 'footer-message' and lead_id in (select id from footer_message where idempotency_key like 'between-%')`,
      );
      await server.database.db.execute(sql`delete from footer_message where idempotency_key like 'between-%'`);
    }
  });

  it("filters by kind and by days received in the business time zone", async () => {
    expect((await leads("type=picked-option")).leads.map((lead) => lead.id)).toEqual([ids["picked-option"]]);
    // The paging leads arrive hourly back from 2024-03-01 12:00 UTC: one business day holds 24 of them.
    const { start, end } = businessDaysToInstants(
      { from: "2024-02-29", to: "2024-02-29" },
      server.config.public.brand.timeZone,
    );
    const day = await leads("from=2024-02-29&to=2024-02-29");
    expect(day.leads.length).toBe(24);
    expect(day.leads.every((lead) => lead.createdAt >= start.toISOString() && lead.createdAt < end.toISOString())).toBe(
      true,
    );
    expect(day.page.total).toBe(24);
  });

  it("refuses a short search, a reversed range or a cursor that is not a page, with a 400", async () => {
    for (const query of [
      "q=ab",
      "from=2024-03-02&to=2024-03-01",
      "cursor=nonsense",
      `cursor=n.${randomUUID()}.not-a-time`,
      `cursor=${encodeURIComponent(`n.${randomUUID()}.2024-02-31 10:00:00+00`)}`,
      "sort=phone",
      "type=other",
    ]) {
      expect((await get(`/api/back-office/leads?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe("lead pages and sorts", () => {
  it("pages through every lead once, forward and back, with a total", async () => {
    const first = await leads("");
    expect(first.leads).toHaveLength(LIST_PAGE_SIZE);
    expect(first.page).toMatchObject({ previous: null, total: 126, totalCapped: false });
    const seen = first.leads.map((lead) => lead.id);
    let page = first.page;
    const pages = [first];
    while (page.next) {
      const next = await leads(`cursor=${encodeURIComponent(page.next)}`);
      seen.push(...next.leads.map((lead) => lead.id));
      pages.push(next);
      page = next.page;
    }
    expect(seen).toHaveLength(126);
    expect(new Set(seen).size).toBe(126);
    const createdAt = pages.flatMap((each) => each.leads.map((lead) => lead.createdAt));
    expect(createdAt).toEqual([...createdAt].sort().reverse());
    // Back from the last page gives the page before it again.
    const back = await leads(`cursor=${encodeURIComponent(pages.at(-1)!.page.previous!)}`);
    expect(back.leads.map((lead) => lead.id)).toEqual(pages.at(-2)!.leads.map((lead) => lead.id));
  });

  it("sorts by title either way, paging within the sort", async () => {
    const ascending = await leads("sort=title&type=footer-message");
    const titles = ascending.leads.map((lead) => lead.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const second = await leads(`sort=title&type=footer-message&cursor=${encodeURIComponent(ascending.page.next!)}`);
    expect(second.leads[0]!.title >= titles.at(-1)!).toBe(true);
    const descending = await leads("sort=title&dir=desc&type=footer-message");
    expect(descending.leads[0]!.title >= descending.leads.at(-1)!.title).toBe(true);
  });

  it("counts exactly up to the cap, then says there are more", async () => {
    await server.database.db
      .execute(sql`insert into footer_message (idempotency_key, name_of_business, name_user, email_user, message, created_at)
      select 'cap-' || g, 'Capped Co', 'Cap ' || g, 'cap@x.example', 'hello', timestamptz '2023-01-01 00:00:00+00' - g * interval '1 second' from generate_series(1, ${LIST_COUNT_CAP + 5}) g`);
    await server.database.db.execute(reindexAllLeads);
    expect((await leads("")).page).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
    expect((await leads("q=pager")).page).toMatchObject({ total: 120, totalCapped: false });
  });
});

describe("deal list", () => {
  it("finds a deal by account number, business, owner, e-mail, phone or its vendor company's name", async () => {
    const found = async (q: string) =>
      (await deals(`q=${encodeURIComponent(q)}`)).deals.map((deal) => deal.accountNumber);
    expect(await found("vp40007")).toEqual(["VP40007"]);
    expect(await found("deal business 12")).toEqual(["VP40012"]);
    expect(await found("OWNER 13")).toEqual(["VP40013"]);
    expect(await found("deal14@biz")).toEqual(["VP40014"]);
    expect(await found("(212) 555-0015")).toEqual(["VP40015"]);
    const byCompany = await deals("q=quarry%20line");
    expect(byCompany.page.total).toBe(37);
    expect(byCompany.deals.every((deal) => deal.companyName === "Quarry Line Equipment")).toBe(true);
  });

  it("pages through a search that matches deals by their own text and by their vendor company, each deal once, in order", async () => {
    const company = (await createVendor(server.database, server.auth, "Tidewater Line Rentals")).company.id;
    // 40 deals of the company (half of them matching by their own text too), 30 of another vendor matching by
    // their text, interleaved in time.
    await server.database.db
      .execute(sql`insert into deal (idempotency_key, vendor_company_id, submitted_by_user_id, account_number, business_name, owners_name, business_phone, business_email, stage, description, equipment_description, month_submitted, year_in_file, last_update, created_at)
      select 'tide-' || g, case when g <= 40 then ${company}::uuid else ${otherCompanyId}::uuid end, null, 'VP' || (41000 + g),
        case when g <= 40 and g % 2 = 1 then 'Harbor Works ' || g else 'Tidewater Line Cafe ' || g end, 'Owner ' || g, '(212) 555-0100', 'tide@biz.example', 1, 'Loader', 'Loader', 2, 2024,
        timestamptz '2024-06-01 12:00:00+00' + ((g * 37) % 70) * interval '1 minute', timestamptz '2024-03-01 12:00:00+00'
      from generate_series(1, 70) g`);
    try {
      const first = await deals("q=tidewater%20line");
      expect(first.page).toMatchObject({ total: 70, totalCapped: false, previous: null });
      const second = await deals(`q=tidewater%20line&cursor=${encodeURIComponent(first.page.next!)}`);
      expect(second.page).toMatchObject({ next: null, total: 70 });
      const all = [...first.deals, ...second.deals];
      expect(all).toHaveLength(70);
      expect(new Set(all.map((deal) => deal.id)).size).toBe(70);
      const accounts = all.map((deal) => Number(deal.accountNumber.slice(2)) - 41000);
      // Newest first: g * 37 mod 70 minutes after the hour, so the order is that of (g * 37) % 70, descending.
      expect(accounts.map((g) => (g * 37) % 70)).toEqual([...Array(70).keys()].reverse());
      const back = await deals(`q=tidewater%20line&cursor=${encodeURIComponent(second.page.previous!)}`);
      expect(back.deals.map((deal) => deal.id)).toEqual(first.deals.map((deal) => deal.id));
    } finally {
      await server.database.db.execute(sql`delete from deal where idempotency_key like 'tide-%'`);
    }
  });

  it("filters by stage, vendor and days submitted, sorts by business, and pages", async () => {
    expect((await deals("stage=2")).deals.every((deal) => deal.stage === 2)).toBe(true);
    expect((await deals(`company=${otherCompanyId}`)).page.total).toBe(38);
    expect((await deals("from=2025-03-02&to=2025-03-02")).page.total).toBe(24);
    const sorted = await deals("sort=business");
    const names = sorted.deals.map((deal) => deal.businessName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const first = await deals("");
    expect(first.page).toMatchObject({ total: 75, previous: null });
    const second = await deals(`cursor=${encodeURIComponent(first.page.next!)}`);
    expect(second.deals).toHaveLength(25);
    expect(second.page.next).toBeNull();
    expect(new Set([...first.deals, ...second.deals].map((deal) => deal.id)).size).toBe(75);
  });

  it("stays the credit team's: a vendor gets a 403, and the portal still lists only the vendor's company", async () => {
    expect((await get("/api/back-office/deals?q=deal%20business", vendor)).statusCode).toBe(403);
    expect((await get("/api/back-office/leads?q=zephyr", vendor)).statusCode).toBe(403);
    expect((await get("/api/back-office/audit?q=sign-in", vendor)).statusCode).toBe(403);
    const portal = await get("/api/portal/deals?month=all", vendor);
    expect(portal.statusCode).toBe(200);
    const names = (portal.json() as { deals: { businessName: string }[] }).deals.map((deal) =>
      Number(deal.businessName.split(" ").at(-1)),
    );
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n % 2 === 0)).toBe(true);
  });
});

describe("audit log", () => {
  it("finds entries by action and by who (e-mail or name), newest first, with a total", async () => {
    const signIns = (await get("/api/back-office/audit?q=sign-in")).json() as {
      entries: { action: string; actor: string | null }[];
      page: Page;
    };
    expect(signIns.entries.length).toBeGreaterThan(0);
    expect(signIns.entries.every((entry) => entry.action.includes("sign-in"))).toBe(true);
    const byWho = (await get("/api/back-office/audit?q=lists-admin@")).json() as {
      entries: { actor: string | null }[];
    };
    expect(byWho.entries.length).toBeGreaterThan(0);
    expect(byWho.entries.every((entry) => entry.actor === "lists-admin@lender.example")).toBe(true);
    // Who by name too (user_search_idx is on name and e-mail together).
    const byName = (await get("/api/back-office/audit?q=LISTS%20ADMIN")).json() as {
      entries: { actor: string | null }[];
    };
    expect(byName.entries.length).toBeGreaterThan(0);
    expect(byName.entries.every((entry) => entry.actor === "lists-admin@lender.example")).toBe(true);
    expect((await get("/api/back-office/audit?from=2020-01-02&to=2020-01-01")).statusCode).toBe(400);
  });
});
