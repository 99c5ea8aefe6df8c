import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_PAGE_SIZE } from "#domain/http/list-page.ts";
import { vendorSlugTaken } from "#domain/vendors/contracts.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { signIn, startTestServer, testOrigin, type TestServer } from "../../tests/support/test-server.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
import { auditLog } from "../audit/tables.ts";
import { user } from "../auth/tables.ts";
import { partner } from "../partners/tables.ts";
import { vendorCompany } from "./tables.ts";
import { createAccount } from "../accounts/create-account.ts";

// docs/product-rules.md#r46-back-office-lists: the back-office vendors list searched, sorted and paged like the other
// lists; and a
// company's link address (docs/product-rules.md#r22-every-company-has-a-link) changed by an admin, the old one gone at
// once.

let server: TestServer;
let admin = "";
let staff = "";
let vendor = "";
let slate: Awaited<ReturnType<typeof createVendor>>;

type Page = { next: string | null; previous: string | null; total: number; totalCapped: boolean };
type Company = { id: string; name: string; slug: string; users: { email: string }[] };

const request = (method: "GET" | "PATCH", url: string, cookie = admin, payload?: object) =>
  server.app.inject({ method, url, payload, headers: { cookie, origin: testOrigin } });
const vendors = async (query: string, cookie = staff) => {
  const response = await request("GET", `/api/back-office/vendors?${query}`, cookie);
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return response.json() as { companies: Company[]; page: Page };
};
const names = (list: { companies: Company[] }) => list.companies.map((company) => company.name);

beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server.auth, {
    email: "vl-admin@lender.example",
    name: "A",
    role: authRoles.admin,
    password: "admin-password-1",
    emailVerified: true,
  });
  await createAccount(server.auth, {
    email: "vl-staff@lender.example",
    name: "S",
    role: authRoles.staff,
    password: "staff-password-1",
    emailVerified: true,
  });
  admin = (await signIn(server.app, "vl-admin@lender.example", "admin-password-1")).cookie;
  staff = (await signIn(server.app, "vl-staff@lender.example", "staff-password-1")).cookie;
  slate = await createVendor(server.database, server.auth, "Slate Harbor Tractors");
  vendor = (await signIn(server.app, slate.email, slate.password)).cookie;
  await server.database.db.update(user).set({ name: "Imogen Quarrie" }).where(eq(user.email, slate.email));
  // 70 more companies, created a minute apart: "Bulk 001" the oldest.
  await server.database.db.execute(
    sql`insert into vendor_company (name, company_code, created_at) select 'Bulk ' || lpad(g::text, 3, '0'), (700000 + g)::text, now() - (100 - g) * interval '1 minute' from generate_series(1, 70) g`,
  );
});
afterAll(() => server?.close());

describe("the vendors list", () => {
  it("pages through every company by name, forward and back, with a total and each company's users", async () => {
    const first = await vendors("");
    expect(first.page).toMatchObject({ total: 71, totalCapped: false, previous: null });
    expect(first.companies).toHaveLength(LIST_PAGE_SIZE);
    expect(names(first).slice(0, 2)).toEqual(["Bulk 001", "Bulk 002"]);
    const second = await vendors(`cursor=${encodeURIComponent(first.page.next!)}`);
    expect(names(second)).toHaveLength(21);
    expect(names(second).at(-1)).toBe("Slate Harbor Tractors");
    expect(second.companies.at(-1)!.users.map((each) => each.email)).toEqual([slate.email]);
    expect(second.page.next).toBeNull();
    const back = await vendors(`cursor=${encodeURIComponent(second.page.previous!)}`);
    expect(names(back)).toEqual(names(first));
  });

  it("sorts newest first, and finds a company by part of its name, a user's name or e-mail, in any case", async () => {
    expect(names(await vendors("sort=newest")).slice(0, 2)).toEqual(["Slate Harbor Tractors", "Bulk 070"]);
    expect(names(await vendors("sort=newest&dir=asc"))[0]).toBe("Bulk 001");
    expect(names(await vendors("q=HARBOR"))).toEqual(["Slate Harbor Tractors"]);
    expect(names(await vendors("q=quarrie"))).toEqual(["Slate Harbor Tractors"]);
    expect(names(await vendors(`q=${encodeURIComponent(slate.email.slice(0, 12).toUpperCase())}`))).toEqual([
      "Slate Harbor Tractors",
    ]);
    const bulk = await vendors("q=bulk 06");
    expect(names(bulk)).toEqual([
      "Bulk 060",
      "Bulk 061",
      "Bulk 062",
      "Bulk 063",
      "Bulk 064",
      "Bulk 065",
      "Bulk 066",
      "Bulk 067",
      "Bulk 068",
      "Bulk 069",
    ]);
    expect(bulk.page.total).toBe(10);
    expect(await vendors("q=nobody-like-this")).toEqual({
      companies: [],
      page: { next: null, previous: null, total: 0, totalCapped: false },
    });
  });

  it("refuses a short search, an unknown sort or a cursor that is not a page with a 400; a vendor gets a 403", async () => {
    for (const query of [
      "q=ab",
      "sort=oldest",
      "cursor=n.nonsense",
      `cursor=n.${"0".repeat(8)}-0000-0000-0000-${"0".repeat(12)}.yesterday&sort=newest`,
    ]) {
      expect((await request("GET", `/api/back-office/vendors?${query}`, staff)).statusCode, query).toBe(400);
    }
    expect((await request("GET", "/api/back-office/vendors", vendor)).statusCode).toBe(403);
    expect((await request("GET", "/api/back-office/vendor-companies", vendor)).statusCode).toBe(403);
  });

  it("gives the deal list's vendor filter every company by name", async () => {
    const options = (await request("GET", "/api/back-office/vendor-companies", staff)).json() as {
      companies: { id: string; name: string }[];
    };
    expect(options.companies).toHaveLength(71);
    expect(options.companies[0]!.name).toBe("Bulk 001");
    expect(options.companies.at(-1)).toEqual({ id: slate.company.id, name: "Slate Harbor Tractors" });
  });
});

describe("a company's link address", () => {
  const slugUrl = () => `/api/back-office/vendors/companies/${slate.company.id}/slug`;
  const widget = (slug: string) => server.app.inject({ url: `/api/widget/payment?price=45000&vendor=${slug}` });

  it("is changed by an admin: the new address works at once, the old one stops (the widget too), audited", async () => {
    const old = (
      await server.database.db
        .select({ slug: vendorCompany.slug })
        .from(vendorCompany)
        .where(eq(vendorCompany.id, slate.company.id))
    )[0]!.slug;
    expect(old).toBe("slate-harbor-tractors");
    expect((await widget(old)).statusCode).toBe(200);
    expect((await request("GET", `/api/partners/${old}`)).statusCode).toBe(200);

    const changed = await request("PATCH", slugUrl(), admin, { slug: "  Slate-Harbor " });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ slug: "slate-harbor" });
    expect((await widget(old)).statusCode).toBe(404);
    expect((await request("GET", `/api/partners/${old}`)).statusCode).toBe(404);
    expect((await widget("slate-harbor")).statusCode).toBe(200);
    expect((await request("GET", "/api/partners/slate-harbor")).json()).toMatchObject({
      referredTo: "Slate Harbor Tractors",
    });
    expect((await vendors("q=harbor")).companies[0]!.slug).toBe("slate-harbor");

    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "vendor-company.slug-changed"), eq(auditLog.subject, slate.company.id)));
    expect(entry!.details).toEqual({ from: old, to: "slate-harbor" });
    // The same address again changes nothing and writes no second entry.
    expect((await request("PATCH", slugUrl(), admin, { slug: "slate-harbor" })).statusCode).toBe(200);
    expect(
      await server.database.db.select().from(auditLog).where(eq(auditLog.action, "vendor-company.slug-changed")),
    ).toHaveLength(1);
  });

  it("refuses an address another company or a partner has (409), one the slug rule refuses (400), staff (403), an unknown company (404)", async () => {
    const taken = await request("PATCH", slugUrl(), admin, { slug: "bulk-001" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "CONFLICT", message: vendorSlugTaken });
    await server.database.db.insert(partner).values({
      slug: "Harbor_Partner",
      name: "Harbor Partner",
      logoUrl: "/favicon.svg",
      primaryColor: "#123456",
      accentColor: "#654321",
      vendorName: "Harbor",
      salesPerson: "Pat",
      vendorPhone: "555-0100",
    });
    expect((await request("PATCH", slugUrl(), admin, { slug: "harbor_partner" })).statusCode).toBe(400);
    const partnerSlugTaken = await server.database.db
      .update(partner)
      .set({ slug: "harbor-partner" })
      .where(eq(partner.slug, "Harbor_Partner"))
      .returning();
    expect(partnerSlugTaken).toHaveLength(1);
    expect((await request("PATCH", slugUrl(), admin, { slug: "harbor-partner" })).json()).toMatchObject({
      message: vendorSlugTaken,
    });
    for (const slug of ["", "Slate Harbor", "a--b", "-a", "x".repeat(51)])
      expect((await request("PATCH", slugUrl(), admin, { slug })).statusCode, slug).toBe(400);
    expect((await request("PATCH", slugUrl(), staff, { slug: "by-staff" })).statusCode).toBe(403);
    expect((await request("PATCH", slugUrl(), vendor, { slug: "by-vendor" })).statusCode).toBe(403);
    expect(
      (
        await request("PATCH", "/api/back-office/vendors/companies/00000000-0000-4000-8000-000000000000/slug", admin, {
          slug: "nobody",
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await server.database.db
          .select({ slug: vendorCompany.slug })
          .from(vendorCompany)
          .where(eq(vendorCompany.id, slate.company.id))
      )[0]!.slug,
    ).toBe("slate-harbor");
  });
});
