import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { v1AddDocuments, v1CreateDeal, v1PostMessage } from "#domain/api-v1/contracts.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { multipartBody, notReallyPdf, samplePdf, samplePng, type UploadFile } from "../../tests/support/multipart.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
import { sampleNewDealFields } from "../demo/sample-requests.ts";
import { apiKey } from "../api-keys/tables.ts";
import { auditLog } from "../audit/tables.ts";
import { user } from "../auth/tables.ts";
import { deal, dealDocument } from "../deals/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { dealStip, dealStipDocument } from "../stips/tables.ts";
import { createAccount } from "../accounts/create-account.ts";

let server: TestServer;
type Company = { cookie: string; email: string; companyId: string; key: string; keyId: string };
let alpha: Company;
let beta: Company;
let staffCookie = "";

const { idempotencyKey: _unused, ...dealFields } = sampleNewDealFields();
const newDeal = (overrides: Record<string, string> = {}) => ({ ...dealFields, ...overrides });

async function createKey(cookie: string, name = "Our DMS") {
  return server.app.inject({
    method: "POST",
    url: "/api/portal/api-keys",
    headers: { cookie, origin: testOrigin },
    payload: { name },
    remoteAddress: loopbackAddress(),
  });
}

beforeAll(async () => {
  server = await startTestServer();
  const companies: Company[] = [];
  for (const name of ["Alpha Loaders", "Beta Cranes"]) {
    const created = await createVendor(server.database, server.auth, name);
    const { cookie } = await signIn(server.app, created.email, created.password);
    const made = (await createKey(cookie)).json() as { key: { id: string }; secret: string };
    companies.push({
      cookie,
      email: created.email,
      companyId: created.company.id,
      key: made.secret,
      keyId: made.key.id,
    });
  }
  [alpha, beta] = companies as [Company, Company];
  await createAccount(server.auth, {
    email: "staff@v1.example",
    name: "S",
    role: authRoles.staff,
    password: "staff-password-1",
    emailVerified: true,
  });
  staffCookie = (await signIn(server.app, "staff@v1.example", "staff-password-1")).cookie;
});
afterAll(() => server?.close());

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const v1 = (
  key: string,
  method: "GET" | "POST",
  url: string,
  options: {
    json?: unknown;
    multipart?: ReturnType<typeof multipartBody>;
    idempotencyKey?: string;
    headers?: Record<string, string>;
  } = {},
) =>
  server.app.inject({
    method,
    url,
    remoteAddress: loopbackAddress(),
    headers: {
      ...bearer(key),
      ...(method === "POST" ? { "idempotency-key": options.idempotencyKey ?? randomUUID() } : {}),
      ...(options.json !== undefined ? { "content-type": "application/json" } : {}),
      ...(options.multipart ? { "content-type": options.multipart.contentType } : {}),
      ...options.headers,
    },
    payload: options.multipart
      ? options.multipart.payload
      : options.json === undefined
        ? undefined
        : JSON.stringify(options.json),
  });

const createDealOf = async (company: Company, overrides: Record<string, string> = {}) => {
  const response = await v1(company.key, "POST", "/api/v1/deals", { json: newDeal(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; accountNumber: string };
};

describe("API keys in the portal", () => {
  it("shows the key once and lists only its prefix; the database holds its hash", async () => {
    const response = await createKey(alpha.cookie, "  Shown once  ");
    expect(response.statusCode, response.body).toBe(201);
    const { key, secret } = response.json() as { key: { id: string; prefix: string; name: string }; secret: string };
    expect(secret).toMatch(/^kec_live_[0-9A-Za-z]{40}$/);
    expect(key).toMatchObject({ name: "Shown once", prefix: secret.slice(0, 13) });
    const list = await server.app.inject({ url: "/api/portal/api-keys", headers: { cookie: alpha.cookie } });
    expect(list.json().keys.map((each: { id: string }) => each.id)).toContain(key.id);
    expect(list.body).not.toContain(secret);
    const [row] = await server.database.db.select().from(apiKey).where(eq(apiKey.id, key.id));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "api-key.create"), eq(auditLog.subject, key.id)));
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it("lists and revokes only the company's own keys", async () => {
    const list = await server.app.inject({ url: "/api/portal/api-keys", headers: { cookie: beta.cookie } });
    expect(list.json().keys.map((each: { id: string }) => each.id)).not.toContain(alpha.keyId);
    const revoke = await server.app.inject({
      method: "POST",
      url: `/api/portal/api-keys/${alpha.keyId}/revoke`,
      headers: { cookie: beta.cookie, origin: testOrigin },
    });
    expect(revoke.statusCode).toBe(404);
    expect((await v1(alpha.key, "GET", "/api/v1/deals")).statusCode).toBe(200);
  });
});

describe("authenticating /api/v1", () => {
  it("refuses no key, a malformed key, an unknown key and a portal session", async () => {
    const cases: Record<string, string>[] = [
      {},
      { authorization: "Bearer nope" },
      { authorization: `Bearer kec_live_${"x".repeat(40)}` },
      { authorization: `Basic ${alpha.key}` },
      { cookie: alpha.cookie },
    ];
    for (const headers of cases) {
      const response = await server.app.inject({ url: "/api/v1/deals", headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toMatchObject({ code: "UNAUTHENTICATED", message: expect.any(String) });
    }
  });

  it("is not a way into the portal or the back office", async () => {
    for (const url of ["/api/portal/deals", "/api/portal/api-keys", "/api/back-office/deals", "/api/me"]) {
      const response = await server.app.inject({ url, headers: bearer(alpha.key) });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it("refuses a revoked key from the next request on", async () => {
    const made = (await createKey(alpha.cookie, "Short-lived")).json() as { key: { id: string }; secret: string };
    expect((await v1(made.secret, "GET", "/api/v1/deals")).statusCode).toBe(200);
    const revoke = await server.app.inject({
      method: "POST",
      url: `/api/portal/api-keys/${made.key.id}/revoke`,
      headers: { cookie: alpha.cookie, origin: testOrigin },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await v1(made.secret, "GET", "/api/v1/deals")).statusCode).toBe(401);
    expect((await v1(made.secret, "POST", "/api/v1/deals", { json: newDeal() })).statusCode).toBe(401);
    const list = await server.app.inject({ url: "/api/portal/api-keys", headers: { cookie: alpha.cookie } });
    expect(list.json().keys.map((each: { id: string }) => each.id)).not.toContain(made.key.id);
  });

  it("lets staff see every company's keys and revoke one, audited", async () => {
    const made = (await createKey(beta.cookie, "Staff will revoke")).json() as { key: { id: string }; secret: string };
    const list = await server.app.inject({
      url: `/api/back-office/api-keys?company=${beta.companyId}`,
      headers: { cookie: staffCookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().keys).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: made.key.id, companyName: "Beta Cranes", createdBy: beta.email }),
      ]),
    );
    expect(list.body).not.toContain(made.secret);
    const revoke = await server.app.inject({
      method: "POST",
      url: `/api/back-office/api-keys/${made.key.id}/revoke`,
      headers: { cookie: staffCookie, origin: testOrigin },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await v1(made.secret, "GET", "/api/v1/deals")).statusCode).toBe(401);
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "api-key.revoke"), eq(auditLog.subject, made.key.id)));
    expect(entry).toBeDefined();
  });

  it("refuses the key of a vendor who was deactivated", async () => {
    const other = await createVendor(server.database, server.auth, "Gamma Lifts");
    const { cookie } = await signIn(server.app, other.email, other.password);
    const made = (await createKey(cookie)).json() as { secret: string };
    expect((await v1(made.secret, "GET", "/api/v1/deals")).statusCode).toBe(200);
    await server.database.db.update(user).set({ banned: true }).where(eq(user.email, other.email));
    expect((await v1(made.secret, "GET", "/api/v1/deals")).statusCode).toBe(401);
  });
});

describe("one company's key on another company's deals", () => {
  it("never lists, reads, writes to or adds documents to them: 404", async () => {
    const mine = await createDealOf(alpha, { businessName: "Alpha Only Paving" });
    const list = await v1(beta.key, "GET", "/api/v1/deals?limit=100");
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(mine.id);
    expect(list.body).not.toContain("ALPHA ONLY PAVING");
    expect((await v1(beta.key, "GET", `/api/v1/deals/${mine.id}`)).statusCode).toBe(404);
    expect((await v1(beta.key, "GET", `/api/v1/deals/${mine.id}/messages`)).statusCode).toBe(404);
    expect(
      (await v1(beta.key, "POST", `/api/v1/deals/${mine.id}/messages`, { json: { body: "Hello from Beta" } }))
        .statusCode,
    ).toBe(404);
    const upload = multipartBody({}, [{ field: "document", name: "a.pdf", content: samplePdf }]);
    expect((await v1(beta.key, "POST", `/api/v1/deals/${mine.id}/documents`, { multipart: upload })).statusCode).toBe(
      404,
    );
    const [count] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(dealDocument)
      .where(eq(dealDocument.dealId, mine.id));
    expect(count!.n).toBe(0);
    expect((await v1(alpha.key, "GET", `/api/v1/deals/${mine.id}`)).statusCode).toBe(200);
  });
});

describe("deals through /api/v1", () => {
  it("creates a deal the portal, the back office and the credit team's mail all see, audited with the key's id", async () => {
    const created = await createDealOf(alpha, { businessName: "Through The API Grading" });
    const portal = await server.app.inject({ url: "/api/portal/deals?month=all", headers: { cookie: alpha.cookie } });
    expect(portal.json().deals.map((each: { id: string }) => each.id)).toContain(created.id);
    const backOffice = await server.app.inject({ url: "/api/back-office/deals", headers: { cookie: staffCookie } });
    expect(backOffice.json().deals.map((each: { id: string }) => each.id)).toContain(created.id);
    const mails = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, server.config.creditTeamEmail));
    expect(
      mails.some(
        (mail) => mail.subject === `New Client from ${alpha.email}` && mail.text.includes("THROUGH THE API GRADING"),
      ),
    ).toBe(true);
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "api.deal.create"), eq(auditLog.subject, created.id)));
    expect(entry!.details).toMatchObject({ apiKeyId: alpha.keyId, companyId: alpha.companyId });
    const [row] = await server.database.db.select().from(deal).where(eq(deal.id, created.id));
    expect(row).toMatchObject({ vendorCompanyId: alpha.companyId, stage: 1, notes: "New Submission!" });
    expect(server.logs()).toContain(`"apiKeyId":"${alpha.keyId}"`);
    expect(server.logs()).not.toContain(alpha.key);
  });

  it("reads a deal part sent as application/json (as clients built from the document may send it) like the text", async () => {
    const upload = multipartBody({ deal: JSON.stringify(newDeal({ businessName: "Json Part Movers" })) }, [
      { field: "client-info", name: "application.pdf", content: samplePdf },
    ]);
    const payload = Buffer.from(
      upload.payload
        .toString("latin1")
        .replace('name="deal"\r\n\r\n', 'name="deal"\r\nContent-Type: application/json\r\n\r\n'),
      "latin1",
    );
    const response = await v1(alpha.key, "POST", "/api/v1/deals", { multipart: { ...upload, payload } });
    expect(response.statusCode, response.body).toBe(201);
  });

  it("refuses a documents request without a document, storing nothing", async () => {
    const { id } = await createDealOf(alpha);
    const response = await v1(alpha.key, "POST", `/api/v1/deals/${id}/documents`, { multipart: multipartBody({}, []) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "Please choose at least one document.",
    });
  });

  it("creates a deal with its documents in one multipart request, and takes more after", async () => {
    const upload = multipartBody({ deal: JSON.stringify(newDeal({ businessName: "Multipart Movers" })) }, [
      { field: "client-info", name: "application.pdf", content: samplePdf },
      { field: "additional-1", name: "license.png", content: samplePng },
    ]);
    const response = await v1(alpha.key, "POST", "/api/v1/deals", { multipart: upload });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json() as { id: string };
    const more = await v1(alpha.key, "POST", `/api/v1/deals/${id}/documents`, {
      multipart: multipartBody({}, [{ field: "document", name: "statement.pdf", content: samplePdf }]),
    });
    expect(more.statusCode, more.body).toBe(201);
    const thread = await v1(alpha.key, "GET", `/api/v1/deals/${id}/messages`);
    expect(thread.json().documents.map((doc: { name: string }) => doc.name)).toEqual([
      "application.pdf",
      "license.png",
      "statement.pdf",
    ]);
  });

  it("refuses documents whose content is not what their name says, as the portal does, and keeps nothing", async () => {
    const spoofed: UploadFile[] = [{ field: "client-info", name: "application.pdf", content: notReallyPdf }];
    const response = await v1(alpha.key, "POST", "/api/v1/deals", {
      multipart: multipartBody({ deal: JSON.stringify(newDeal({ businessName: "Spoofed Docs" })) }, spoofed),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
    expect(await server.database.db.select().from(deal).where(eq(deal.businessName, "SPOOFED DOCS"))).toEqual([]);
    const { id } = await createDealOf(alpha);
    const later = await v1(alpha.key, "POST", `/api/v1/deals/${id}/documents`, {
      multipart: multipartBody({}, [{ field: "document", name: "statement.pdf", content: notReallyPdf }]),
    });
    expect(later.statusCode).toBe(415);
  });

  it("answers a field error in the one error shape", async () => {
    const response = await v1(alpha.key, "POST", "/api/v1/deals", { json: newDeal({ businessName: "" }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "Please enter the business name.",
      details: [{ path: "/businessName", message: "Please enter the business name." }],
    });
    const missingKey = await server.app.inject({
      method: "POST",
      url: "/api/v1/deals",
      headers: { ...bearer(alpha.key), "content-type": "application/json" },
      payload: JSON.stringify(newDeal()),
    });
    expect(missingKey.statusCode).toBe(400);
    expect(missingKey.json()).toMatchObject({ code: "VALIDATION_FAILED" });
  });
});

describe("idempotency", () => {
  it("replays the same request with the same key and refuses another request with it", async () => {
    const idempotencyKey = randomUUID();
    const body = newDeal({ businessName: "Replay Ready Rentals" });
    const first = await v1(alpha.key, "POST", "/api/v1/deals", { json: body, idempotencyKey });
    const again = await v1(alpha.key, "POST", "/api/v1/deals", { json: { ...body }, idempotencyKey });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(
      await server.database.db.select().from(deal).where(eq(deal.businessName, "REPLAY READY RENTALS")),
    ).toHaveLength(1);
    const other = await v1(alpha.key, "POST", "/api/v1/deals", {
      json: { ...body, ownersName: "Someone Else" },
      idempotencyKey,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: "CONFLICT" });
    // Keys are per company: another company's same key is another request.
    expect((await v1(beta.key, "POST", "/api/v1/deals", { json: body, idempotencyKey })).statusCode).toBe(201);
  });

  it("posts a message once per key, and gives a failed request's key back", async () => {
    const { id } = await createDealOf(alpha);
    const idempotencyKey = randomUUID();
    const tooLong = await v1(alpha.key, "POST", `/api/v1/deals/${id}/messages`, {
      json: { body: "x".repeat(5001) },
      idempotencyKey,
    });
    expect(tooLong.statusCode).toBe(400);
    const first = await v1(alpha.key, "POST", `/api/v1/deals/${id}/messages`, {
      json: { body: "Statements attached." },
      idempotencyKey,
    });
    expect(first.statusCode, first.body).toBe(201);
    const again = await v1(alpha.key, "POST", `/api/v1/deals/${id}/messages`, {
      json: { body: "Statements attached." },
      idempotencyKey,
    });
    expect(again.json()).toEqual(first.json());
    const thread = await v1(alpha.key, "GET", `/api/v1/deals/${id}/messages`);
    expect(
      thread.json().messages.filter((message: { body: string }) => message.body === "Statements attached."),
    ).toHaveLength(1);
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "api.deal.message"), eq(auditLog.subject, id)));
    expect(entry!.details).toMatchObject({ apiKeyId: alpha.keyId });
  });
});

describe("multipart bodies, read by their contract", () => {
  it("refuses a deal's invalid fields before storing its documents, in the one error shape of its JSON body", async () => {
    const put = vi.spyOn(server.app.storage, "put");
    try {
      const upload = multipartBody({ deal: JSON.stringify(newDeal({ businessName: "" })) }, [
        { field: "client-info", name: "application.pdf", content: samplePdf },
      ]);
      const response = await v1(alpha.key, "POST", "/api/v1/deals", { multipart: upload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: "VALIDATION_FAILED",
        message: "Please enter the business name.",
        details: [{ path: "/businessName", message: "Please enter the business name." }],
      });
      const { id } = await createDealOf(alpha);
      const message = multipartBody({ body: "" }, [{ field: "attachment", name: "statement.pdf", content: samplePdf }]);
      const refused = await v1(alpha.key, "POST", `/api/v1/deals/${id}/messages`, { multipart: message });
      expect(refused.json()).toEqual({
        code: "VALIDATION_FAILED",
        message: "Please write a message.",
        details: [{ path: "/body", message: "Please write a message." }],
      });
      // A document upload has no text fields; a file in a slot it does not have is refused before any is stored.
      const wrongSlot = multipartBody({}, [{ field: "attachment", name: "statement.pdf", content: samplePdf }]);
      expect((await v1(alpha.key, "POST", `/api/v1/deals/${id}/documents`, { multipart: wrongSlot })).json()).toEqual({
        code: "BAD_REQUEST",
        message: "Unexpected file field attachment.",
      });
      expect(put).not.toHaveBeenCalled();
      const twoDocuments = multipartBody({}, [
        { field: "document", name: "statement.pdf", content: samplePdf },
        { field: "document", name: "more.pdf", content: samplePdf },
      ]);
      expect(
        (await v1(alpha.key, "POST", `/api/v1/deals/${id}/documents`, { multipart: twoDocuments })).statusCode,
      ).toBe(201);
    } finally {
      put.mockRestore();
    }
  });

  it("documents each multipart body from its contract: the text fields, then each file slot as binary with its count", async () => {
    const document = (await server.app.inject({ url: "/api/v1/docs/json" })).json() as {
      paths: Record<
        string,
        {
          post: {
            requestBody: {
              content: Record<
                string,
                { schema: { properties: Record<string, Record<string, unknown>>; required?: string[] } }
              >;
            };
          };
        }
      >;
    };
    const form = (path: string) => document.paths[path]!.post.requestBody.content["multipart/form-data"]!.schema;
    for (const [path, contract] of [
      ["/api/v1/deals", v1CreateDeal],
      ["/api/v1/deals/{id}/messages", v1PostMessage],
      ["/api/v1/deals/{id}/documents", v1AddDocuments],
    ] as const) {
      expect(Object.keys(form(path).properties), path).toEqual([
        ...Object.keys(contract.multipart.fields.shape),
        ...Object.keys(contract.multipart.files),
      ]);
    }
    // The deal travels as JSON text, as a form sends it; its schema is the JSON body's.
    expect(form("/api/v1/deals").properties.deal).toMatchObject({ type: "string" });
    expect(document.paths["/api/v1/deals"]!.post.requestBody.content["application/json"]!.schema).toMatchObject({
      properties: { businessName: { type: "string" } },
    });
    expect(form("/api/v1/deals").required).toEqual(["deal"]);
    expect(form("/api/v1/deals/{id}/messages").required).toEqual(["body"]);
    // A slot the server requires is required in the document too.
    expect(form("/api/v1/deals/{id}/documents").required).toEqual(["document"]);
    expect(form("/api/v1/deals/{id}/documents").properties.document).toMatchObject({
      type: "array",
      maxItems: 10,
      items: { type: "string", format: "binary", maxLength: 25 * 1024 * 1024 },
    });
    expect(JSON.stringify(form("/api/v1/deals/{id}/documents").properties.document)).toContain("application/pdf");
  });
});

describe("reading", () => {
  it("pages through the company's deals with a cursor", async () => {
    for (let index = 0; index < 3; index += 1) await createDealOf(beta, { businessName: `Paged ${index}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await v1(
        beta.key,
        "GET",
        `/api/v1/deals?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as { deals: { id: string }[]; nextCursor: string | null };
      expect(page.deals.length).toBeLessThanOrEqual(2);
      seen.push(...page.deals.map((each) => each.id));
      cursor = page.nextCursor;
    } while (cursor);
    const all = (await v1(beta.key, "GET", "/api/v1/deals?limit=100")).json() as { deals: { id: string }[] };
    expect(seen).toEqual(all.deals.map((each) => each.id));
    expect(new Set(seen).size).toBe(seen.length);
    expect((await v1(beta.key, "GET", "/api/v1/deals?limit=0")).statusCode).toBe(400);
    expect((await v1(beta.key, "GET", "/api/v1/deals?cursor=nonsense")).statusCode).toBe(400);
  });

  it("reads a deal's stage, notes and history, the dashboard and a quote", async () => {
    const { id } = await createDealOf(alpha);
    const detail = await v1(alpha.key, "GET", `/api/v1/deals/${id}`);
    expect(detail.json()).toMatchObject({ deal: { id, stage: 1, notes: "New Submission!" }, history: [] });
    const dashboard = await v1(alpha.key, "GET", "/api/v1/dashboard?month=all");
    expect(dashboard.json().applications).toBeGreaterThan(0);
    const quote = await v1(alpha.key, "POST", "/api/v1/quotes", {
      json: {
        price: 85000,
        creditScore: 720,
        oldestDebtUnderFiveYears: false,
        bankruptcy: false,
        firstTimeBuyer: false,
        businessStartYear: 2015,
        monthlyEarnings: 40000,
      },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().cards).toHaveLength(4);
  });
});

describe("the v1 document", () => {
  it("is public, documents v1 only, with bearer security, the error shape, examples and the dealer guide", async () => {
    const response = await server.app.inject({ url: "/api/v1/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      info: { description: string };
      security: unknown;
      components: { securitySchemes: unknown };
    };
    expect(Object.keys(document.paths).every((path) => path.startsWith("/api/v1/"))).toBe(true);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/deals",
        "/api/v1/deals/{id}",
        "/api/v1/deals/{id}/messages",
        "/api/v1/deals/{id}/documents",
        "/api/v1/dashboard",
        "/api/v1/quotes",
      ]),
    );
    expect(document.security).toEqual([{ apiKey: [] }]);
    expect(document.components.securitySchemes).toMatchObject({ apiKey: { type: "http", scheme: "bearer" } });
    expect(document.paths["/api/v1/deals"]!.get!.responses["401"]).toBeDefined();
    expect(JSON.stringify(document.paths["/api/v1/deals"]!.post)).toContain("idempotency-key");
    expect(JSON.stringify(document.paths["/api/v1/deals"]!.post)).toContain("Granite Peak Excavation");
    const create = document.paths["/api/v1/deals"]!.post as unknown as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    };
    expect(Object.keys(create.requestBody.content["application/json"]!.schema.properties)).toEqual(
      expect.arrayContaining(["businessName", "ownersName", "businessPhone"]),
    );
    expect(Object.keys(create.requestBody.content["multipart/form-data"]!.schema.properties)).toEqual([
      "deal",
      "client-info",
      "additional-1",
      "additional-2",
    ]);
    expect(document.info.description).toContain("KEC-Signature");
    const ui = await server.app.inject({ url: "/api/v1/docs" });
    expect(ui.statusCode).toBeLessThan(400);
  });
});

describe("a deal's stips through the API", () => {
  it("lists a deal's stips and takes a stip's files, once per idempotency key", async () => {
    const { id } = await createDealOf(alpha, { businessName: "stip api paving" });
    const [stip] = await server.database.db
      .insert(dealStip)
      .values({ dealId: id, name: "Equipment invoice", satisfiedBy: "dealer" })
      .returning();
    const listed = await v1(alpha.key, "GET", `/api/v1/deals/${id}/stips`);
    expect(listed.json()).toMatchObject({
      stips: [{ id: stip!.id, name: "Equipment invoice", status: "requested", files: [] }],
    });
    expect((await v1(beta.key, "GET", `/api/v1/deals/${id}/stips`)).statusCode).toBe(404);

    const url = `/api/v1/deals/${id}/stips/${stip!.id}/files`;
    const files = (content: Buffer) =>
      multipartBody({ note: "Invoice 88" }, [{ field: "file", name: "invoice.pdf", content }]);
    expect((await v1(alpha.key, "POST", url, { multipart: files(notReallyPdf) })).statusCode).toBe(415);
    expect((await v1(beta.key, "POST", url, { multipart: files(samplePdf) })).statusCode).toBe(404);
    const idempotencyKey = randomUUID();
    const first = await v1(alpha.key, "POST", url, { multipart: files(samplePdf), idempotencyKey });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().stip).toMatchObject({ status: "received", files: [{ name: "invoice.pdf" }] });
    const again = await v1(alpha.key, "POST", url, { multipart: files(samplePdf), idempotencyKey });
    expect([again.statusCode, again.json()]).toEqual([201, first.json()]);
    const stored = await server.database.db
      .select()
      .from(dealStipDocument)
      .where(eq(dealStipDocument.stipId, stip!.id));
    expect(stored).toHaveLength(1);
  });
});
