import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { multipartBody, samplePdf, samplePng } from "../../tests/support/multipart.ts";
import { signIn, startTestServer, testOrigin, type TestServer } from "../../tests/support/test-server.ts";
import { auditLog } from "../audit/tables.ts";
import { vendorCompany } from "../vendors/tables.ts";
import { createAccount } from "../accounts/create-account.ts";

let server: TestServer;
let admin: string;
let adminId: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ id: adminId } = await createAccount(server.auth, {
    email: "admin@lender.example",
    name: "Admin",
    role: authRoles.admin,
    password: "admin-password-1",
    emailVerified: true,
  }));
  admin = (await signIn(server.app, "admin@lender.example", "admin-password-1")).cookie;
});
afterAll(() => server?.close());

const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object, cookie = admin) =>
  server.app.inject({ method, url, payload, headers: { cookie, origin: testOrigin } });

describe("partners", () => {
  it("adds and edits a partner calculator and serves its uploaded logo", async () => {
    const input = {
      slug: "Bright_Smiles",
      name: "Bright Smiles",
      primaryColor: "#1d4ed8",
      accentColor: "#b45309",
      vendorName: "Bright Smiles",
      salesPerson: "Kim Lee",
      vendorPhone: "(555) 010-7000",
    };
    const { id } = (await call("POST", "/api/back-office/partners", input)).json();
    expect((await call("POST", "/api/back-office/partners", input)).statusCode).toBe(409);
    expect(
      (await call("PUT", `/api/back-office/partners/${id}`, { ...input, salesPerson: "Kim Park" })).statusCode,
    ).toBe(200);
    expect((await server.app.inject("/api/partners/Bright_Smiles")).json().salesPerson).toBe("Kim Park");
    const refused = multipartBody({}, [{ field: "logo", name: "logo.pdf", content: samplePdf }]);
    expect(
      (
        await server.app.inject({
          method: "POST",
          url: `/api/back-office/partners/${id}/logo`,
          payload: refused.payload,
          headers: { cookie: admin, origin: testOrigin, "content-type": refused.contentType },
        })
      ).statusCode,
    ).toBe(415);
    const upload = multipartBody({}, [{ field: "logo", name: "logo.png", content: samplePng }]);
    expect(
      (
        await server.app.inject({
          method: "POST",
          url: `/api/back-office/partners/${id}/logo`,
          payload: upload.payload,
          headers: { cookie: admin, origin: testOrigin, "content-type": upload.contentType },
        })
      ).statusCode,
    ).toBe(200);
    const branding = (await server.app.inject("/api/partners/Bright_Smiles")).json();
    expect(branding.logoUrl).toMatch(/^\/api\/partners\/Bright_Smiles\/logo\?v=/);
    const logo = await server.app.inject(branding.logoUrl);
    expect([logo.statusCode, logo.headers["content-type"]]).toEqual([200, "image/png"]);

    // Every admin change is in the audit log, by whom, with what changed; a refused one is not.
    const audited = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, id))
      .orderBy(auditLog.at);
    expect(audited.map((entry) => entry.action)).toEqual([
      "partner.created",
      "partner.updated",
      "partner.logo-replaced",
    ]);
    expect(new Set(audited.map((entry) => entry.actorUserId))).toEqual(new Set([adminId]));
    expect(audited[0]!.details).toMatchObject({ slug: "Bright_Smiles", salesPerson: "Kim Lee", vendorCompanyId: null });
    expect(audited[1]!.details).toEqual({ salesPerson: { from: "Kim Lee", to: "Kim Park" } });
    expect(audited[2]!.details).toMatchObject({ contentType: "image/png" });
    expect(
      (await call("PUT", `/api/back-office/partners/${id}`, { ...input, salesPerson: "Kim Park" })).statusCode,
    ).toBe(200);
    expect(await server.database.db.select().from(auditLog).where(eq(auditLog.subject, id))).toHaveLength(3);
  });

  it("lets an admin make a partner the branding of a vendor company, shown at the company's link, one branding per company", async () => {
    const [company] = await server.database.db
      .insert(vendorCompany)
      .values({ name: "Kestrel Kilns", companyCode: "810001" })
      .returning();
    const input = {
      slug: "Kestrel_Brand",
      name: "Kestrel Brand",
      primaryColor: "#7c2d12",
      accentColor: "#0f766e",
      vendorName: "Kestrel Kilns",
      salesPerson: "Ana Ruiz",
      vendorPhone: "(555) 010-7100",
    };
    // Before: the company's link shows the default look with its name.
    expect((await server.app.inject("/api/partners/kestrel-kilns")).json()).toMatchObject({
      name: "Kestrel Kilns",
      logoUrl: "/favicon.svg",
      referredTo: "Kestrel Kilns",
    });

    const created = await call("POST", "/api/back-office/partners", { ...input, vendorCompanyId: company!.id });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const listed = (await call("GET", "/api/back-office/partners"))
      .json()
      .partners.find((row: { id: string }) => row.id === id);
    expect(listed.vendorCompany).toEqual({ id: company!.id, name: "Kestrel Kilns", slug: "kestrel-kilns" });
    const upload = multipartBody({}, [{ field: "logo", name: "logo.png", content: samplePng }]);
    await server.app.inject({
      method: "POST",
      url: `/api/back-office/partners/${id}/logo`,
      payload: upload.payload,
      headers: { cookie: admin, origin: testOrigin, "content-type": upload.contentType },
    });
    // The company's /vendor_partner/kestrel-kilns page data: the partner's logo and colours, attributed to the company.
    const page = (await server.app.inject("/api/partners/kestrel-kilns")).json();
    expect(page).toMatchObject({
      slug: "kestrel-kilns",
      name: "Kestrel Brand",
      primaryColor: "#7c2d12",
      accentColor: "#0f766e",
      referredTo: "Kestrel Kilns",
    });
    expect(page.logoUrl).toMatch(/^\/api\/partners\/Kestrel_Brand\/logo\?v=/);
    expect((await server.app.inject(page.logoUrl)).statusCode).toBe(200);

    // One branding per company: a second partner for it is refused, naming the partner that has it.
    const second = { ...input, slug: "Kestrel_Two", name: "Kestrel Two" };
    const conflict = await call("POST", "/api/back-office/partners", { ...second, vendorCompanyId: company!.id });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe(
      'Kestrel Kilns already has branding: the partner "Kestrel Brand". Set that partner\'s vendor company to none first.',
    );
    const { id: secondId } = (await call("POST", "/api/back-office/partners", second)).json();
    expect(
      (await call("PUT", `/api/back-office/partners/${secondId}`, { ...second, vendorCompanyId: company!.id }))
        .statusCode,
    ).toBe(409);
    // Saving the partner that has it again keeps it.
    expect(
      (await call("PUT", `/api/back-office/partners/${id}`, { ...input, vendorCompanyId: company!.id })).statusCode,
    ).toBe(200);
    // Another partner's slug on edit is a conflict too, never a 5xx.
    expect(
      (await call("PUT", `/api/back-office/partners/${secondId}`, { ...second, slug: "Kestrel_Brand" })).statusCode,
    ).toBe(409);

    // An unknown company is not found, a malformed one a bad request.
    const unknown = await call("POST", "/api/back-office/partners", {
      ...second,
      slug: "Kestrel_Three",
      vendorCompanyId: "0b9e8a63-2f1c-4b7e-9a51-3c1d2e4f5a6b",
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      404,
      "That vendor company does not exist. Choose one from the list.",
    ]);
    expect(
      (
        await call("POST", "/api/back-office/partners", {
          ...second,
          slug: "Kestrel_Three",
          vendorCompanyId: "kestrel-kilns",
        })
      ).statusCode,
    ).toBe(400);

    // Staff who are not admins read the partners but cannot link one.
    await createAccount(server.auth, {
      email: "staff@lender.example",
      name: "Staff",
      role: authRoles.staff,
      password: "staff-password-1",
      emailVerified: true,
    });
    const staff = (await signIn(server.app, "staff@lender.example", "staff-password-1")).cookie;
    expect((await call("GET", "/api/back-office/partners", undefined, staff)).statusCode).toBe(200);
    expect(
      (await call("PUT", `/api/back-office/partners/${secondId}`, { ...second, vendorCompanyId: company!.id }, staff))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          "POST",
          "/api/back-office/partners",
          { ...second, slug: "Kestrel_Four", vendorCompanyId: company!.id },
          staff,
        )
      ).statusCode,
    ).toBe(403);

    // Empty: none. The company's link falls back to the default look; the partner keeps its own address.
    expect((await call("PUT", `/api/back-office/partners/${id}`, { ...input, vendorCompanyId: "" })).statusCode).toBe(
      200,
    );
    expect((await server.app.inject("/api/partners/kestrel-kilns")).json()).toMatchObject({
      name: "Kestrel Kilns",
      logoUrl: "/favicon.svg",
    });
    expect((await server.app.inject("/api/partners/Kestrel_Brand")).json()).toMatchObject({
      name: "Kestrel Brand",
      referredTo: "",
    });
    expect(
      (await call("GET", "/api/back-office/partners")).json().partners.find((row: { id: string }) => row.id === id)
        .vendorCompany,
    ).toBeNull();
  });
});
