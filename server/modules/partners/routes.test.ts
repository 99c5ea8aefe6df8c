import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { multipartBody, samplePdf, samplePng } from "../../../tests/support/multipart.ts";
import { signIn, startTestServer, testOrigin, type TestServer } from "../../../tests/support/test-server.ts";
import { createAccount } from "../accounts/create-account.ts";

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server.auth, { email: "admin@lender.example", name: "Admin", role: authRoles.admin, password: "admin-password-1", emailVerified: true });
  admin = (await signIn(server.app, "admin@lender.example", "admin-password-1")).cookie;
});
afterAll(() => server?.close());

const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object, cookie = admin) => server.app.inject({ method, url, payload, headers: { cookie, origin: testOrigin } });

describe("partners", () => {
  it("adds and edits a partner calculator and serves its uploaded logo", async () => {
    const input = { slug: "Bright_Smiles", name: "Bright Smiles", primaryColor: "#1d4ed8", accentColor: "#b45309", vendorName: "Bright Smiles", salesPerson: "Kim Lee", vendorPhone: "(555) 010-7000" };
    const { id } = (await call("POST", "/api/back-office/partners", input)).json();
    expect((await call("POST", "/api/back-office/partners", input)).statusCode).toBe(409);
    expect((await call("PUT", `/api/back-office/partners/${id}`, { ...input, salesPerson: "Kim Park" })).statusCode).toBe(200);
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
  });
});
