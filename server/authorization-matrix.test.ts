import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Audience } from "#domain/http/endpoint.ts";
import { dealerRoles } from "#domain/auth/dealer-roles.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { loopbackAddress, signIn, startTestServer, testOrigin, type TestServer } from "../tests/support/test-server.ts";
import { multipartBody, samplePdf } from "../tests/support/multipart.ts";
import { createVendor } from "../tests/support/vendor-fixtures.ts";
import { applicantSessionCookie } from "../tests/support/applicant-fixtures.ts";
import { seedSentPackage, signerSessionCookie } from "../tests/support/signing-fixtures.ts";
import { sampleNewDealFields } from "./demo/sample-requests.ts";
import { user } from "./auth/tables.ts";
import { dealDocument } from "./deals/tables.ts";
import { createAccount } from "./accounts/create-account.ts";
import { exposedAuthEndpoints } from "./auth/exposed-endpoints.ts";
import { decodedPath } from "./plugins/security.ts";

// Every documented endpoint x every kind of caller (vendor B, and a sales rep of A's own company, meet A's rep's deal
// and quote ids), built from the OpenAPI
// document (which the
// route schemas generate), so an endpoint added later is covered without editing this file; each also under
// percent-encoded
// spellings of its path. And every endpoint the auth library has, listed from the library itself: only the ones we
// route answer.

/**
 * `vendor`: vendor A's dealer admin; `rep`: a sales rep of A who submitted A's deal and sent its quote; `otherRep`:
 * another sales rep of A (docs/product-rules.md#r53-a-dealers-team); `otherVendor`: vendor B's dealer admin;
 * `applicant`: the applicant of one of vendor B's deals, on their own page (docs/product-rules.md#r56-the-applicants-page);
 * `signer`: a signer of that deal's agreement package, in their ceremony (docs/product-rules.md#r57-documents-and-e-signature).
 */
type Caller =
  | "anonymous"
  | "vendor"
  | "rep"
  | "otherRep"
  | "otherVendor"
  | "staff"
  | "admin"
  | "staffWithoutTwoFactor"
  | "applicant"
  | "signer"
  | KeyCaller;
/**
 * API keys (docs/product-rules.md#r26-api-keys) as a credential: vendor A's admin's, vendor B's, the other rep's
 * (made while they were an admin: a key sees what its owner sees today), one revoked, one never issued, none.
 */
type KeyCaller = "keyA" | "keyB" | "keyOtherRep" | "revokedKey" | "unknownKey" | "malformedKey";
const keyCallers: readonly KeyCaller[] = ["keyA", "keyB", "keyOtherRep", "revokedKey", "unknownKey", "malformedKey"];
/** Who must never see a byte of A's rep's deal or quote, and for whom its ids are simply not found. */
const strangers: readonly Caller[] = ["otherVendor", "keyB", "otherRep", "keyOtherRep", "applicant", "signer"];
/** Who reads A's rep's deal: the rep, A's dealer admin, and the admin's key. */
const insiders: readonly Caller[] = ["vendor", "rep", "keyA"];
const isKeyCaller = (caller: Caller): caller is KeyCaller => (keyCallers as readonly string[]).includes(caller);
type Endpoint = {
  method: string;
  path: string;
  audience: Audience;
  /** The plain path of a percent-encoded spelling. */ spelledAs?: string;
};

/** Who may pass the access check of an endpoint (docs/product-rules.md#r38-roles): its contract's audience, as the document shows it. */
function allowed({ audience }: Endpoint, caller: Caller): boolean {
  switch (audience) {
    case "public":
      return true;
    // /api/v1 takes a valid API key and nothing else; a key opens nothing but /api/v1 (ADR 0018).
    case "api-key":
      return caller === "keyA" || caller === "keyB" || caller === "keyOtherRep";
    // Any session, staff without two-factor included (their own state, enrolment); an applicant or a signer has no account.
    case "signed-in":
      return caller !== "anonymous" && caller !== "applicant" && caller !== "signer" && !isKeyCaller(caller);
    // Another company's ids: 404, checked below.
    case "vendor":
      return caller === "vendor" || caller === "otherVendor" || caller === "rep" || caller === "otherRep";
    // The company's own matters (team, keys, webhooks): its dealer admins, never a sales rep.
    case "dealer-admin":
      return caller === "vendor" || caller === "otherVendor";
    case "staff":
      return caller === "staff" || caller === "admin";
    case "admin":
      return caller === "admin";
    // Their own page only, by the session a mailed code opened.
    case "applicant":
      return caller === "applicant";
    // Their own documents only, by the session a mailed code opened.
    case "signer":
      return caller === "signer";
  }
}

/** The audiences each area of the API may declare: a contract cannot open the back office by a slip of its declaration. */
function areaAudiences(path: string): readonly Audience[] {
  if (path.startsWith("/api/v1/")) return ["api-key"];
  if (path === "/api/me" || path.startsWith("/api/me/")) return ["signed-in"];
  if (path.startsWith("/api/portal/")) return ["vendor", "dealer-admin"];
  if (path.startsWith("/api/back-office/")) return ["staff", "admin"];
  if (path.startsWith("/api/applicant/")) return ["public", "applicant"];
  if (path.startsWith("/api/signer/")) return ["public", "signer"];
  return ["public"];
}

/** On every answer, refusals and errors included. */
const securityHeaders = [
  "content-security-policy",
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "permissions-policy",
  "cache-control",
];

let server: TestServer;
let strict: TestServer;
/** /metrics is hidden from the document, so it is not in the list below: checked on its own, routed on `server` only. */
const metricsToken = "matrix-metrics-token-0123456789abcdef0123";
const cookies: Partial<Record<Caller, string>> = { anonymous: "" };
/** The Authorization header of each key caller. */
const authorizations: Partial<Record<Caller, string>> = {
  unknownKey: `Bearer kec_live_${"Z".repeat(40)}`,
  malformedKey: "Bearer kec_live_short",
};
let endpoints: Endpoint[] = [];
/** The deal of vendor B whose applicant is the `applicant` caller. */
let applicantDealId = "";
/** The signer of that deal's package who is the `signer` caller. */
let signerId = "";
/** The document's endpoints as it spells them (`GET /api/portal/deals/{id}`). */
let documented: string[] = [];
/** Vendor A's rep's deal, its document and quote: the ids that `{id}` in a portal path stands for. */
const vendorA = {
  dealId: "",
  documentId: "",
  quoteId: "",
  businessName: "MATRIX MARKER EXCAVATION",
  customerName: "Matrix Quote Customer",
};

beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: metricsToken });
  strict = await startTestServer({ STAFF_2FA_REQUIRED: "true" });
  await createAccount(server.auth, {
    email: "admin@m.example",
    name: "A",
    role: authRoles.admin,
    password: "admin-password-1",
    emailVerified: true,
  });
  await createAccount(server.auth, {
    email: "staff@m.example",
    name: "S",
    role: authRoles.staff,
    password: "staff-password-1",
    emailVerified: true,
  });
  await createAccount(strict.auth, {
    email: "staff@m.example",
    name: "S",
    role: authRoles.staff,
    password: "staff-password-1",
    emailVerified: true,
  });
  const vendor = await createVendor(server.database, server.auth, "Matrix Motors");
  const otherVendor = await createVendor(server.database, server.auth, "Other Motors");
  for (const [caller, email, dealerRole] of [
    ["rep", "rep@matrix.example", dealerRoles.rep],
    // An admin while their key is made, a sales rep after (below).
    ["otherRep", "other-rep@matrix.example", dealerRoles.admin],
  ] as const) {
    await createAccount(server.auth, {
      email,
      name: caller,
      role: authRoles.vendor,
      password: "rep-password-12",
      emailVerified: true,
      vendorCompanyId: vendor.company.id,
      dealerRole,
    });
    cookies[caller] = (await signIn(server.app, email, "rep-password-12")).cookie;
  }
  cookies.admin = (await signIn(server.app, "admin@m.example", "admin-password-1")).cookie;
  cookies.staff = (await signIn(server.app, "staff@m.example", "staff-password-1")).cookie;
  cookies.vendor = (await signIn(server.app, vendor.email, vendor.password)).cookie;
  cookies.otherVendor = (await signIn(server.app, otherVendor.email, otherVendor.password)).cookie;
  const newKey = async (cookie: string) =>
    (
      await server.app.inject({
        method: "POST",
        url: "/api/portal/api-keys",
        headers: { cookie, origin: testOrigin },
        payload: { name: "Matrix" },
      })
    ).json() as { key: { id: string }; secret: string };
  authorizations.keyA = `Bearer ${(await newKey(cookies.vendor)).secret}`;
  authorizations.keyB = `Bearer ${(await newKey(cookies.otherVendor)).secret}`;
  authorizations.keyOtherRep = `Bearer ${(await newKey(cookies.otherRep!)).secret}`;
  await server.database.db
    .update(user)
    .set({ dealerRole: dealerRoles.rep })
    .where(eq(user.email, "other-rep@matrix.example"));
  const revoked = await newKey(cookies.vendor);
  await server.app.inject({
    method: "POST",
    url: `/api/portal/api-keys/${revoked.key.id}/revoke`,
    headers: { cookie: cookies.vendor, origin: testOrigin },
  });
  authorizations.revokedKey = `Bearer ${revoked.secret}`;
  const upload = multipartBody({ deal: JSON.stringify(sampleNewDealFields({ businessName: vendorA.businessName })) }, [
    { field: "client-info", name: "application.pdf", content: samplePdf },
  ]);
  const submitted = await server.app.inject({
    method: "POST",
    url: "/api/portal/deals",
    payload: upload.payload,
    headers: { cookie: cookies.rep!, origin: testOrigin, "content-type": upload.contentType },
  });
  vendorA.dealId = (submitted.json() as { id: string }).id;
  const quoted = await server.app.inject({
    method: "POST",
    url: "/api/portal/quotes",
    headers: { cookie: cookies.rep!, origin: testOrigin },
    payload: { price: "45,000", customerName: vendorA.customerName, customerEmail: "quote@customer.example", tier: "" },
  });
  vendorA.quoteId = (quoted.json() as { id: string }).id;
  const otherUpload = multipartBody({ deal: JSON.stringify(sampleNewDealFields({ businessName: "Other Paving" })) }, [
    { field: "client-info", name: "application.pdf", content: samplePdf },
  ]);
  const otherDeal = await server.app.inject({
    method: "POST",
    url: "/api/portal/deals",
    payload: otherUpload.payload,
    headers: { cookie: cookies.otherVendor, origin: testOrigin, "content-type": otherUpload.contentType },
  });
  applicantDealId = (otherDeal.json() as { id: string }).id;
  signerId = (await seedSentPackage({ db: server.app.db, storage: server.app.storage }, applicantDealId)).signers[0]!
    .id;
  vendorA.documentId = (
    await server.database.db.select().from(dealDocument).where(eq(dealDocument.dealId, vendorA.dealId))
  )[0]!.id;
  cookies.staffWithoutTwoFactor = (await signIn(strict.app, "staff@m.example", "staff-password-1")).cookie;
  const document = (await server.app.inject({ url: "/api/docs/json", headers: { cookie: cookies.admin } })).json() as {
    paths: Record<string, Record<string, { "x-audience": Audience }>>;
  };
  documented = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
  endpoints = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path: withIds(path),
      audience: operation["x-audience"],
    })),
  );
});
function withIds(path: string): string {
  if (path.startsWith("/api/portal/deals/") || path.startsWith("/api/v1/deals/"))
    return path.replace("{id}", vendorA.dealId);
  if (path.startsWith("/api/portal/documents/")) return path.replace("{id}", vendorA.documentId);
  if (path.startsWith("/api/portal/quotes/")) return path.replace("{id}", vendorA.quoteId);
  return path.replace(/\{[^}]+\}/g, randomUUID());
}

/** Spellings of a path that reach the same route: a percent-encoded letter in the first segment, and in the second. */
function encodedVariants(path: string): string[] {
  const encode = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`;
  return [
    path.replace(/^\/a/, `/${encode("a")}`),
    path.replace(/^\/api\/(\w)/, (_match, letter: string) => `/api/${encode(letter)}`),
  ];
}

afterAll(async () => {
  await server?.close();
  await strict?.close();
});

describe("authorization matrix", () => {
  it("finds the endpoints to check", () => {
    expect(endpoints.length).toBeGreaterThan(30);
    expect(endpoints.map((endpoint) => endpoint.path)).toEqual(
      expect.arrayContaining(["/api/health", "/api/health/live", "/api/health/ready"]),
    );
    expect(endpoints.map((endpoint) => endpoint.path)).not.toContain("/metrics");
    expect(endpoints.some((endpoint) => endpoint.path.startsWith("/api/back-office/"))).toBe(true);
    expect(
      endpoints.map(
        (endpoint) =>
          `${endpoint.method} ${endpoint.path.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/, "{id}")}`,
      ),
    ).toEqual(
      expect.arrayContaining([
        "GET /api/v1/deals",
        "POST /api/v1/deals",
        "GET /api/v1/deals/{id}",
        "POST /api/v1/deals/{id}/messages",
        "GET /api/portal/api-keys",
        "POST /api/back-office/api-keys/{id}/revoke",
        // docs/product-rules.md#r46-back-office-lists and docs/product-rules.md#r22-every-company-has-a-link: the deal
        // filter's companies (staff), a company's link address (admins).
        "GET /api/back-office/vendor-companies",
        "PATCH /api/back-office/vendors/companies/{id}/slug",
        // docs/product-rules.md#r3-the-working-calendar: the credit team's calendar (admins) and the portal's Credit
        // Online.
        "GET /api/back-office/working-calendar",
        "GET /api/portal/credit-status",
      ]),
    );
    // Adverse-action notices and duplicate links are staff's, never a vendor's;
    // with the notice's recipient entered by staff and the day the application was complete.
    expect(
      endpoints.filter((endpoint) => /^\/api\/back-office\/(adverse-action|duplicates)/.test(endpoint.path)).length,
    ).toBe(11);
  });

  it("takes each endpoint's audience from its contract, one its area allows", () => {
    const misplaced = endpoints
      .filter((endpoint) => !areaAudiences(endpoint.path).includes(endpoint.audience))
      .map((endpoint) => `${endpoint.method} ${endpoint.path}: ${endpoint.audience}`);
    expect(misplaced).toEqual([]);
    const audienceOf = (method: string, path: string) =>
      endpoints.find((endpoint) => endpoint.method === method && endpoint.path === path)?.audience;
    // Admins only: staff accounts, the outbox, the audit log, the calendar, a vendor's or partner's changes; staff list
    // vendors and partners.
    expect([
      audienceOf("GET", "/api/back-office/staff"),
      audienceOf("GET", "/api/back-office/outbox"),
      audienceOf("GET", "/api/back-office/audit"),
    ]).toEqual(["admin", "admin", "admin"]);
    expect([
      audienceOf("GET", "/api/back-office/working-calendar"),
      audienceOf("POST", "/api/back-office/vendors"),
      audienceOf("POST", "/api/back-office/partners"),
    ]).toEqual(["admin", "admin", "admin"]);
    expect([
      audienceOf("GET", "/api/back-office/vendors"),
      audienceOf("GET", "/api/back-office/partners"),
      audienceOf("GET", "/api/back-office/response-times"),
    ]).toEqual(["staff", "staff", "staff"]);
  });

  for (const caller of [
    "anonymous",
    "vendor",
    "rep",
    "otherRep",
    "otherVendor",
    "staff",
    "admin",
    "staffWithoutTwoFactor",
    "applicant",
    "signer",
    ...keyCallers,
  ] as const) {
    it(`answers ${caller} by the rules on every endpoint, never with a 5xx`, async () => {
      const target = caller === "staffWithoutTwoFactor" ? strict : server;
      const failures: string[] = [];
      for (const endpoint of endpoints.flatMap((plain) => [
        plain,
        ...encodedVariants(plain.path).map((path) => ({ ...plain, path, spelledAs: plain.path })),
      ])) {
        if (endpoint.path.startsWith("/api/docs")) continue;
        // The applicant's sign-out ends their session: each request gets one of its own.
        if (caller === "applicant") cookies.applicant = await applicantSessionCookie(server.database, applicantDealId);
        // The signer's too.
        if (caller === "signer") cookies.signer = await signerSessionCookie(server.database, signerId);
        const response = await target.app.inject({
          method: endpoint.method as "GET",
          url: endpoint.path,
          // An address per request: refused keys count against their address (plugins/api-keys.ts), and the matrix is
          // not about limits.
          remoteAddress: loopbackAddress(),
          headers: {
            cookie: cookies[caller] ?? "",
            origin: testOrigin,
            "content-type": "application/json",
            ...(authorizations[caller] ? { authorization: authorizations[caller] } : {}),
          },
          payload: endpoint.method === "GET" ? undefined : "{}",
        });
        const refused = response.statusCode === 401 || response.statusCode === 403;
        for (const header of securityHeaders)
          if (!response.headers[header]) failures.push(`${endpoint.method} ${endpoint.path}: no ${header}`);
        const expectRefusal = !allowed({ ...endpoint, path: endpoint.spelledAs ?? endpoint.path }, caller);
        if (response.statusCode >= 500) failures.push(`${endpoint.method} ${endpoint.path}: ${response.statusCode}`);
        else if (expectRefusal !== refused)
          failures.push(
            `${endpoint.method} ${endpoint.path}: ${response.statusCode} (expected ${expectRefusal ? "a refusal" : "access"})`,
          );
        else if (expectRefusal && (caller === "anonymous" || isKeyCaller(caller)) && response.statusCode !== 401)
          failures.push(`${endpoint.method} ${endpoint.path}: ${response.statusCode} (expected 401)`);
        // Where the caller is let in at all: a session in the portal, a key in /api/v1 (elsewhere the refusal is
        // checked above).
        const targetsVendorA =
          [vendorA.dealId, vendorA.documentId, vendorA.quoteId].some((id) => endpoint.path.includes(id)) &&
          !expectRefusal;
        if (insiders.includes(caller) && targetsVendorA && endpoint.method === "GET" && response.statusCode !== 200)
          failures.push(`${endpoint.method} ${endpoint.path}: ${response.statusCode} (vendor A reads its own deal)`);
        if (strangers.includes(caller)) {
          // Vendor B, and A's other rep, never get a byte of A's rep's deal or quote, and its ids are simply not
          // found (a change whose input is refused first, 400, answers the same for any id).
          if (
            [vendorA.dealId, vendorA.businessName, vendorA.quoteId, vendorA.customerName].some((marker) =>
              response.body.includes(marker),
            )
          )
            failures.push(`${endpoint.method} ${endpoint.path}: shows vendor A's rep's deal or quote`);
          if (
            targetsVendorA &&
            response.statusCode !== 404 &&
            !(endpoint.method !== "GET" && response.statusCode === 400)
          )
            failures.push(
              `${endpoint.method} ${endpoint.path}: ${response.statusCode} (expected 404 for vendor A's rep's deal or quote)`,
            );
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it("has a row in docs/threat-model.md for every endpoint, and every test it names exists", async () => {
    const model = await readFile(new URL("../docs/threat-model.md", import.meta.url), "utf8");
    const rowEndpoints = new Set(
      model
        .split("\n")
        .filter((line) => line.startsWith("| `"))
        .flatMap((line) =>
          [...line.split("|")[1]!.matchAll(/`(GET|POST|PUT|PATCH|DELETE) ([^`\s]+)`/g)].map(
            (match) => `${match[1]} ${match[2]}`,
          ),
        ),
    );
    const routedAuth = exposedAuthEndpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect([...documented, ...routedAuth].filter((endpoint) => !rowEndpoints.has(endpoint))).toEqual([]);
    expect(model).not.toMatch(/TODO/);
    const named = [...model.matchAll(/`([\w./-]+\.test\.ts)` › "([^"]+)"/g)];
    expect(named.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const [, file, words] of named) {
      const source = await readFile(new URL(`../${file}`, import.meta.url), "utf8").catch(() => "");
      if (!source.includes(words!)) missing.push(`${file} › "${words}"`);
    }
    expect(missing).toEqual([]);
  });

  it("shows /metrics (not documented) to no caller without the metrics token, whatever their session: 401 with a token configured, 404 without", async () => {
    const failures: string[] = [];
    for (const caller of ["anonymous", "vendor", "otherVendor", "staff", "admin", "staffWithoutTwoFactor"] as const) {
      for (const [target, expected] of [
        [server, 401],
        [strict, 404],
      ] as const) {
        for (const url of ["/metrics", "/%6Detrics", "/metrics?format=text"]) {
          for (const authorization of [
            undefined,
            "Bearer wrong-token",
            `Bearer ${metricsToken.slice(1)}`,
            metricsToken,
          ]) {
            const response = await target.app.inject({
              url,
              headers: { cookie: cookies[caller] ?? "", ...(authorization ? { authorization } : {}) },
            });
            const label = `${caller} GET ${url} (${authorization ?? "no token"}) on the server ${target === server ? "with" : "without"} METRICS_TOKEN`;
            if (response.statusCode !== expected)
              failures.push(`${label}: ${response.statusCode} (expected ${expected})`);
            if (response.body.includes("http_requests_total")) failures.push(`${label}: shows metrics`);
            // The not-found answer of a path outside /api (no site in API tests) sets no cache-control of its own.
            for (const header of securityHeaders)
              if (!response.headers[header] && !(expected === 404 && header === "cache-control"))
                failures.push(`${label}: no ${header}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    const scrape = await server.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${metricsToken}` } });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.body).toContain("http_requests_total");
  });

  // /api/v1 takes no cookie at all: there the same request is refused for want of a key (401), CSRF or not.
  it("refuses a cross-site POST that carries a session cookie on every state-changing endpoint", async () => {
    const failures: string[] = [];
    const stateChanging = endpoints.filter((candidate) => candidate.method !== "GET");
    for (const endpoint of [
      ...stateChanging,
      ...stateChanging.flatMap((plain) => encodedVariants(plain.path).map((path) => ({ ...plain, path }))),
    ]) {
      const response = await server.app.inject({
        method: endpoint.method as "POST",
        url: endpoint.path,
        headers: { cookie: cookies.admin!, origin: "https://evil.example", "content-type": "application/json" },
        payload: "{}",
      });
      const expected = decodedPath(endpoint.path).startsWith("/api/v1/") ? 401 : 403;
      if (response.statusCode !== expected)
        failures.push(`${endpoint.method} ${endpoint.path}: ${response.statusCode} (expected ${expected})`);
    }
    expect(failures).toEqual([]);
  });

  it("routes only the auth library's endpoints the product uses: every other one is a 404 for every caller, however it is spelled", async () => {
    const exposed = new Set(exposedAuthEndpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`));
    const libraryEndpoints = Object.values(
      server.auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>,
    )
      .filter((endpoint) => endpoint.path)
      .flatMap((endpoint) =>
        [endpoint.options?.method ?? "GET"]
          .flat()
          .map((method) => ({ method: method === "*" ? "POST" : method, path: endpoint.path! })),
      );
    expect(libraryEndpoints.map((endpoint) => endpoint.path)).toEqual(
      expect.arrayContaining([
        "/admin/impersonate-user",
        "/admin/set-user-password",
        "/admin/set-role",
        "/admin/create-user",
        "/admin/list-users",
      ]),
    );
    const failures: string[] = [];
    for (const caller of ["anonymous", "vendor", "staff", "admin"] as const) {
      for (const endpoint of libraryEndpoints) {
        const path = `/api/auth${endpoint.path.replace(/:(\w+)/g, "x")}`;
        for (const url of [path, ...encodedVariants(path)]) {
          const response = await server.app.inject({
            method: endpoint.method as "POST",
            url,
            headers: { cookie: cookies[caller] ?? "", origin: testOrigin, "content-type": "application/json" },
            payload:
              endpoint.method === "GET"
                ? undefined
                : JSON.stringify({
                    userId: "x",
                    role: "admin",
                    newPassword: "attacker-password-1",
                    email: "new@m.example",
                    password: "attacker-password-1",
                    name: "N",
                  }),
          });
          if (response.statusCode >= 500) failures.push(`${caller} ${endpoint.method} ${url}: ${response.statusCode}`);
          const routed = exposed.has(`${endpoint.method} ${endpoint.path}`);
          if (!routed && response.statusCode !== 404)
            failures.push(`${caller} ${endpoint.method} ${url}: ${response.statusCode} (expected 404: not routed)`);
          if (response.headers["cache-control"] !== "no-store")
            failures.push(
              `${caller} ${endpoint.method} ${url}: cache-control ${String(response.headers["cache-control"])}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await server.database.db.select().from(user).where(eq(user.email, "new@m.example"))).toEqual([]);
  });
});
