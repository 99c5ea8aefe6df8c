import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { deepJson, jsonShape, withShape } from "../tests/support/json-shapes.ts";
import { sampleCreditApplication, sampleNewDealFields } from "./demo/sample-requests.ts";
import { notReallyPdf, samplePdf, samplePng } from "../tests/support/multipart.ts";
import { queryRows } from "../tests/support/test-database.ts";
import { loopbackAddress, signIn, startTestServer, testOrigin, type TestServer } from "../tests/support/test-server.ts";
import { createVendor } from "../tests/support/vendor-fixtures.ts";
import { dealDocument } from "./deals/tables.ts";
import { createAccount } from "./accounts/create-account.ts";
import { dealStip } from "./stips/tables.ts";
import { applicantSessionCookie } from "../tests/support/applicant-fixtures.ts";
import { seedSentPackage, signerSessionCookie } from "../tests/support/signing-fixtures.ts";
import { signingPackage, signingSigner } from "./signing/tables.ts";

// Generated bad input on every portal, back-office and /api/v1 endpoint (v1 with an API key), and every endpoint of the
// applicant's page that takes the applicant's session and of the signer's ceremony that takes a signer's, as a caller who may use it: bad path params and query strings everywhere, bad JSON where a JSON body is declared
// (mostly a valid body built from the schema with one field replaced; some nested thousands of
// levels deep or tens of thousands wide), and malformed multipart
// where a body is taken without a JSON schema (the upload routes). The endpoints come from the
// OpenAPI document, so a new one is fuzzed without editing this file. Never a 5xx, and every
// refusal has the error shape. FUZZ_SCALE=10 runs ten times as many cases.

type Schema = {
  type?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
};
type Operation = {
  "x-audience"?: string;
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Endpoint = { method: string; path: string; operation: Operation };
/** A request as sent; `text` is what it carries as text (URL, JSON, multipart fields), for the known issues. `cookie` is a session cookie, or `Bearer <key>` for /api/v1. */
type Sent = { endpoint: Endpoint; url: string; cookie: string; type?: string; payload?: string | Buffer; text: string };

let server: TestServer;
/**
 * `applicant` stands for a fresh applicant session on the vendor's deal, made per request (its sign-out ends one);
 * `signer` for a fresh session of the deal's package's first signer (consented), on the package put back out for
 * signature once a decline ended it.
 */
const cookies = { vendor: "", staff: "", admin: "", apiKey: "", applicant: "applicant", signer: "signer" };
let signing = { packageId: "", signerId: "" };
let endpoints: Endpoint[] = [];
/** Ids of rows that exist, so generated requests reach handlers and not only the 404. */
let knownIds: string[] = [];
let dealId = "";

beforeAll(async () => {
  // Limits high enough that generated requests reach the handlers rather than a 429.
  server = await startTestServer({ RATE_LIMIT_MAX: "1000000", API_KEY_RATE_LIMIT_MAX: "1000000" });
  await createAccount(server.auth, {
    email: "admin@fuzz.example",
    name: "A",
    role: authRoles.admin,
    password: "admin-password-1",
    emailVerified: true,
  });
  await createAccount(server.auth, {
    email: "staff@fuzz.example",
    name: "S",
    role: authRoles.staff,
    password: "staff-password-1",
    emailVerified: true,
  });
  const vendor = await createVendor(server.database, server.auth, "Fuzz Motors");
  const bystander = await createVendor(server.database, server.auth, "Bystander Motors");
  cookies.admin = (await signIn(server.app, "admin@fuzz.example", "admin-password-1")).cookie;
  cookies.staff = (await signIn(server.app, "staff@fuzz.example", "staff-password-1")).cookie;
  cookies.vendor = (await signIn(server.app, vendor.email, vendor.password)).cookie;
  const key = await server.app.inject({
    method: "POST",
    url: "/api/portal/api-keys",
    headers: { cookie: cookies.vendor, origin: testOrigin },
    payload: { name: "Fuzz" },
  });
  cookies.apiKey = `Bearer ${(key.json() as { secret: string }).secret}`;

  const upload = multipart(
    [
      { name: "deal", value: JSON.stringify(sampleNewDealFields()) },
      { name: "client-info", filename: "application.pdf", content: samplePdf },
    ],
    "fuzz-setup",
  );
  const submitted = await server.app.inject({
    method: "POST",
    url: "/api/portal/deals",
    payload: upload,
    headers: { cookie: cookies.vendor, origin: testOrigin, "content-type": "multipart/form-data; boundary=fuzz-setup" },
  });
  dealId = (submitted.json() as { id: string }).id;
  const application = await server.app.inject({
    method: "POST",
    url: "/api/leads/credit-application",
    payload: sampleCreditApplication(),
    remoteAddress: loopbackAddress(),
    headers: { origin: testOrigin },
  });
  const ids = await queryRows<{ id: string }>(
    server.database.db,
    sql`select id::text from partner union all select id::text from mail_outbox union all select id from "user" where email = ${bystander.email} union all select id::text from vendor_company`,
  );
  const [document] = await server.database.db.select().from(dealDocument).where(eq(dealDocument.dealId, dealId));
  const [stip] = await server.database.db
    .insert(dealStip)
    .values({ dealId, name: "Bank statements", satisfiedBy: "applicant" })
    .returning();
  const seeded = await seedSentPackage({ db: server.app.db, storage: server.app.storage }, dealId);
  signing = { packageId: seeded.packageId, signerId: seeded.signers[0]!.id };
  // Consented once, so the document endpoints reach their handlers.
  await server.database.db
    .update(signingSigner)
    .set({ consentedAt: new Date() })
    .where(eq(signingSigner.id, signing.signerId));
  knownIds = [
    dealId,
    document!.id,
    stip!.id,
    (application.json() as { id: string }).id,
    ...ids.map((row) => row.id),
    ...seeded.signers.flatMap((signer) => [signer.id, ...signer.documents.map((each) => each.id)]),
  ];

  // The whole document, whoever may read /api/docs/json.
  const openApi = server.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  endpoints = Object.entries(openApi.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    )
    .filter(
      ({ path, operation }) =>
        path.startsWith("/api/portal/") ||
        path.startsWith("/api/back-office/") ||
        (path.startsWith("/api/v1/") && !path.startsWith("/api/v1/docs")) ||
        operation["x-audience"] === "applicant" ||
        operation["x-audience"] === "signer",
    );
});
afterAll(() => server?.close());

// ---- Values ----

const nastyText = fc.oneof(
  fc.constantFrom(
    "a\u0000b",
    "2020-13-45",
    "2023-02-29",
    "0000-00-00",
    "x".repeat(100_000),
    "\uD800",
    "'; drop table deal; --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "%00",
    "null",
    " ",
    "",
    "-1",
    "1e999",
    "NaN",
    "__proto__",
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.integer().map(String),
);
const nasty = fc.oneof(
  { arbitrary: nastyText, weight: 3 },
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(null, true, 0, -1, 0.5, 1e308, -1e308, 2 ** 53, [], {}),
);

/** A value the schema accepts, or nearly: patterns are generated, formats and bounds followed. */
function validOf(schema: Schema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant(null);
  const value = schemaValue(schema);
  return schema.nullable ? fc.option(value, { nil: null }) : value;
}

function schemaValue(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map(validOf));
  switch (schema.type) {
    case "string":
      if (schema.format === "uuid") return fc.oneof(fc.constantFrom(...knownIds), fc.uuid());
      if (schema.format === "email") return fc.emailAddress();
      if (schema.pattern)
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((text) => text.length <= (schema.maxLength ?? Infinity));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) });
    case "integer":
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -(2 ** 31)),
        max: Math.min(schema.maximum ?? 1000, 2 ** 31 - 1),
      });
    case "number":
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case "boolean":
      return fc.boolean();
    case "object":
      return fc.record(
        Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, validOf(property)])),
        { requiredKeys: schema.required ?? [] },
      );
    case "array":
      return fc.array(validOf(schema.items), { maxLength: 3 });
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** Percent-encoded; a lone surrogate (which encodeURIComponent refuses) as its WTF-8 bytes. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
}

/** Put into a URL as is: broken percent-encoding and separators. */
const rawUrlJunk = fc.constantFrom(
  "%",
  "%zz",
  "%E0%A4%A",
  "%00",
  "%2e%2e",
  "..",
  "a%2Fb",
  "%C0%AF",
  ";",
  "[]",
  "%25%32%35",
);

// ---- Requests ----

function pathOf(endpoint: Endpoint) {
  const parameters = (endpoint.operation.parameters ?? []).filter((parameter) => parameter.in === "path");
  if (parameters.length === 0) return fc.constant(endpoint.path);
  // Mostly ids that exist, so the handler runs past its 404.
  const value = (schema: Schema | undefined) =>
    fc.oneof(
      { arbitrary: fc.constantFrom(...knownIds), weight: 4 },
      validOf(schema).map((text) => encode(String(text))),
      nastyText.map(encode),
      rawUrlJunk,
    );
  return fc
    .tuple(...parameters.map((parameter) => value(parameter.schema)))
    .map((values) =>
      parameters.reduce((path, parameter, index) => path.replace(`{${parameter.name}}`, values[index]!), endpoint.path),
    );
}

function queryOf(endpoint: Endpoint) {
  const declared = (endpoint.operation.parameters ?? []).filter((parameter) => parameter.in === "query");
  const pair = fc.oneof(
    ...declared.map((parameter) =>
      fc.tuple(fc.constant(parameter.name), fc.oneof(validOf(parameter.schema), nastyText)),
    ),
    fc.tuple(fc.constantFrom("__proto__", "constructor[prototype][x]", "a[]", "a.b", "x"), nastyText),
  );
  return fc.tuple(fc.array(pair, { maxLength: 5 }), fc.option(rawUrlJunk, { nil: undefined })).map(([pairs, raw]) => {
    const parts = [
      ...pairs.map(
        ([name, value]) => `${encode(name)}=${encode(typeof value === "string" ? value : JSON.stringify(value))}`,
      ),
      ...(raw ? [raw] : []),
    ];
    return parts.length ? `?${parts.join("&")}` : "";
  });
}

/** A JSON body: valid but for one field, all valid, any JSON, broken JSON, another content type, or a file. */
function jsonBodyOf(schema: Schema) {
  const fields = Object.keys(schema.properties ?? {});
  const oneFieldOff = fields.length
    ? [
        fc
          .tuple(validOf(schema), fc.constantFrom(...fields), nasty)
          .map(([valid, field, value]) => ({ ...(valid as object), [field]: value })),
      ]
    : [];
  return fc.oneof(
    {
      arbitrary: fc
        .oneof(...oneFieldOff, validOf(schema), nasty)
        .map((value) => ({ type: "application/json", payload: JSON.stringify(value) ?? "" })),
      weight: 6,
    },
    // Nested thousands of levels deep or tens of thousands wide: the whole body or one field.
    {
      arbitrary: fc
        .tuple(
          validOf(schema),
          fields.length ? fc.option(fc.constantFrom(...fields), { nil: null }) : fc.constant(null),
          jsonShape,
        )
        .map(([valid, field, shape]) => ({
          type: "application/json",
          payload: withShape(typeof valid === "object" && valid ? valid : {}, field, shape),
        })),
      weight: 2,
    },
    fc
      .constantFrom(
        "{not json",
        "",
        "[",
        '{"a":',
        "\u0000",
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{"x":1}}}',
      )
      .map((payload) => ({ type: "application/json", payload })),
    fc.constant({ type: "application/json", payload: JSON.stringify({ x: "x".repeat(2 * 1024 * 1024) }) }),
    fc
      .constantFrom(
        "text/plain",
        "application/x-www-form-urlencoded",
        "application/xml",
        "application/json; charset=utf-16",
      )
      .map((type) => ({ type, payload: "a=b&c=d" })),
    // A file where JSON is expected.
    fc.constant({
      type: "multipart/form-data; boundary=fuzz",
      payload: multipart([{ name: "file", filename: "a.pdf", content: samplePdf }], "fuzz").toString("latin1"),
    }),
  );
}

type Part = { name: string; value?: string; filename?: string; type?: string; content?: Buffer };

function multipart(parts: readonly Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `Content-Disposition: form-data; name="${part.name}"${part.filename === undefined ? "" : `; filename="${part.filename}"`}`;
    const type = part.filename === undefined ? "" : `\r\nContent-Type: ${part.type ?? "application/octet-stream"}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\n${disposition}${type}\r\n\r\n`),
      part.content ?? Buffer.from(part.value ?? ""),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const partName = fc.oneof(
  fc.constantFrom("deal", "body", "client-info", "additional-1", "additional-2", "attachment", "logo", "__proto__", ""),
  fc.string({ maxLength: 12 }),
);
const dealField = fc
  .tuple(fc.constantFrom(...Object.keys(sampleNewDealFields())), nasty)
  .map(([field, value]) => JSON.stringify({ ...sampleNewDealFields(), [field]: value }));
const part: fc.Arbitrary<Part> = fc.oneof(
  fc.record({
    name: partName,
    value: fc.oneof(
      nastyText,
      dealField,
      fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
      fc
        .tuple(fc.constantFrom(...Object.keys(sampleNewDealFields())), deepJson)
        .map(([field, shape]) => withShape(sampleNewDealFields(), field, shape)),
      fc.constant(JSON.stringify(sampleNewDealFields())),
      fc.constant("x".repeat(70 * 1024)),
    ),
  }),
  fc.record({
    name: partName,
    filename: fc.oneof(
      fc.constantFrom("application.pdf", "logo.png", "../../a.pdf", "", "a".repeat(300) + ".pdf", "deal.json"),
      fc.string({ maxLength: 20 }),
    ),
    type: fc.constantFrom("application/pdf", "image/png", "application/json", "text/html"),
    content: fc.oneof(
      fc.constantFrom(
        samplePdf,
        samplePng,
        notReallyPdf,
        Buffer.alloc(0),
        Buffer.from(JSON.stringify(sampleNewDealFields())),
      ),
      fc.uint8Array({ maxLength: 5000 }).map((bytes) => Buffer.from(bytes)),
    ),
  }),
);

/** A multipart body, whole or damaged: cut off, without or with a wrong boundary, sent as JSON, or bytes that are not multipart; or deep or wide JSON. */
const multipartRequest = fc.oneof(
  { arbitrary: damagedMultipart(), weight: 5 },
  jsonShape.map((payload) => ({ text: "", type: "application/json", payload: payload as string | Buffer })),
);

function damagedMultipart() {
  return fc
    .record({
      parts: fc.array(part, { maxLength: 6 }),
      damage: fc.constantFrom(
        "none",
        "none",
        "cut",
        "no boundary",
        "other boundary",
        "empty boundary",
        "as json",
        "garbage",
      ),
      cutAt: fc.double({ min: 0, max: 1, noNaN: true }),
      garbage: fc.uint8Array({ minLength: 1, maxLength: 2000 }),
    })
    .map(({ parts, damage, cutAt, garbage }) => {
      const boundary = `----fuzz${randomUUID()}`;
      const body = multipart(parts, boundary);
      const text = parts.map((each) => each.value ?? "").join("\n");
      const type = `multipart/form-data; boundary=${boundary}`;
      if (damage === "cut") return { text, type, payload: body.subarray(0, Math.floor(body.length * cutAt)) };
      if (damage === "no boundary") return { text, type: "multipart/form-data", payload: body };
      if (damage === "other boundary")
        return { text, type: "multipart/form-data; boundary=something-else", payload: body };
      if (damage === "empty boundary") return { text, type: "multipart/form-data; boundary=", payload: body };
      if (damage === "as json") return { text, type: "application/json", payload: body };
      if (damage === "garbage") return { text, type, payload: Buffer.from(garbage) };
      return { text, type, payload: body };
    });
}

// ---- Found once ----

/** 5xx this fuzz found once (each fixed at its root, and by the data-exception rule in app.ts): kept as regressions. */
const foundIssues: { issue: string; reproduce: () => Omit<Sent, "text" | "endpoint"> & { method: string } }[] = [
  {
    issue: "a NUL character in any text that reaches PostgreSQL (path, query, JSON or multipart field)",
    reproduce: () => ({
      method: "PATCH",
      url: `/api/back-office/deals/${dealId}`,
      cookie: cookies.admin,
      type: "application/json",
      payload: JSON.stringify({ notes: "a\u0000b" }),
    }),
  },
  {
    issue: "a NUL character in a multipart deal field",
    reproduce: () => ({
      method: "POST",
      url: "/api/portal/deals",
      cookie: cookies.vendor,
      type: "multipart/form-data; boundary=nul",
      payload: multipart(
        [
          { name: "deal", value: JSON.stringify(sampleNewDealFields({ businessName: "NUL\u0000 PAVING" })) },
          { name: "client-info", filename: "a.pdf", content: samplePdf },
        ],
        "nul",
      ),
    }),
  },
  {
    issue: "a deal-list cursor that is not <timestamp>|<uuid> (deals/list-deals.ts, deals/list-all-deals.ts)",
    reproduce: () => ({ method: "GET", url: "/api/portal/deals?cursor=2021-01-01", cookie: cookies.vendor }),
  },
  {
    issue:
      "a declined date PostgreSQL refuses (2020-13-45, year 0000; domain/api/back-office.ts optionalDate could use calendarDay)",
    reproduce: () => ({
      method: "PATCH",
      url: `/api/back-office/deals/${dealId}`,
      cookie: cookies.admin,
      type: "application/json",
      payload: JSON.stringify({ declinedReceivedOn: "2020-13-45" }),
    }),
  },
  {
    issue:
      "an empty assignee id on a lead (lead-inbox.ts updateLead skips the check for '' and the foreign key refuses it)",
    reproduce: () => ({
      method: "PATCH",
      url: `/api/back-office/leads/questionnaire/${randomUUID()}`,
      cookie: cookies.admin,
      type: "application/json",
      payload: JSON.stringify({ assigneeUserId: "" }),
    }),
  },
];

// ---- Running ----

/** Who may use the endpoint; back-office endpoints take turns between staff and admin. */
const callerOf = (endpoint: Endpoint) =>
  endpoint.operation["x-audience"] === "applicant"
    ? fc.constant(cookies.applicant)
    : endpoint.operation["x-audience"] === "signer"
      ? fc.constant(cookies.signer)
      : endpoint.path.startsWith("/api/portal/")
        ? fc.constant(cookies.vendor)
        : endpoint.path.startsWith("/api/v1/")
          ? fc.constant(cookies.apiKey)
          : fc.constantFrom(cookies.staff, cookies.admin);

/** /api/v1's creates take an Idempotency-Key: mostly a fresh one, sometimes a bad one. */
const idempotencyKeys = fc.oneof(
  { arbitrary: fc.uuid(), weight: 4 },
  fc.constantFrom("", "short", "a b c d e f g h", "x".repeat(200)),
);

/** A consented session of the package's first signer, the package put back out for signature once a decline ended it. */
async function freshSignerSession() {
  const db = server.database.db;
  const [pkg] = await db
    .select({ status: signingPackage.status })
    .from(signingPackage)
    .where(eq(signingPackage.id, signing.packageId));
  if (pkg?.status !== "sent") {
    await db
      .update(signingPackage)
      .set({ status: "sent", endedAt: null, endedReason: "" })
      .where(eq(signingPackage.id, signing.packageId));
    await db.update(signingSigner).set({ declinedAt: null }).where(eq(signingSigner.packageId, signing.packageId));
  }
  return signerSessionCookie(server.database, signing.signerId);
}

async function inject(request: Omit<Sent, "text" | "endpoint"> & { method: string }) {
  const cookie =
    request.cookie === cookies.applicant
      ? await applicantSessionCookie(server.database, dealId)
      : request.cookie === cookies.signer
        ? await freshSignerSession()
        : request.cookie;
  const credential = cookie.startsWith("Bearer ") ? { authorization: cookie } : { cookie };
  const idempotencyKey =
    request.url.includes("/v1/") && request.method !== "GET"
      ? { "idempotency-key": fc.sample(idempotencyKeys, 1)[0]! }
      : {};
  return server.app.inject({
    method: request.method as "GET",
    url: request.url,
    headers: {
      ...credential,
      ...idempotencyKey,
      origin: testOrigin,
      ...(request.type ? { "content-type": request.type } : {}),
    },
    payload: request.payload,
  });
}

async function send(request: Sent) {
  const response = await inject({ ...request, method: request.endpoint.method });
  const body = typeof request.payload === "string" ? request.payload : (request.payload?.toString("latin1") ?? "");
  const label = `${request.endpoint.method} ${request.url.slice(0, 200)} (${request.type ?? "no body"}) ${JSON.stringify(body.slice(0, 300))}: ${response.statusCode}`;
  expect(response.statusCode, label).toBeLessThan(500);
  if (response.statusCode >= 400)
    expect(response.json(), label).toEqual(
      expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
    );
}

const runScale = Number(process.env.FUZZ_SCALE ?? 1);
/** Each property runs every endpoint in turn (125 and counting): its budget grows with them, not the 30 s of one test. */
const fuzzBudgetMs = 180_000 * runScale;

/** Every endpoint's property; failures collected, so one broken endpoint does not hide the rest. */
async function fuzzEach<Ts extends [unknown]>(
  selected: Endpoint[],
  property: (endpoint: Endpoint) => fc.IAsyncPropertyWithHooks<Ts>,
  numRuns: number,
) {
  const failures: string[] = [];
  for (const endpoint of selected) {
    const result = await fc.check(property(endpoint), { numRuns: Math.round(numRuns * runScale) });
    if (result.failed)
      failures.push(
        `${endpoint.method} ${endpoint.path}: ${result.errorInstance instanceof Error ? result.errorInstance.message.split("\n")[0] : String(result.errorInstance)} (seed ${result.seed})`,
      );
  }
  expect(failures).toEqual([]);
}

const jsonSchemaOf = (endpoint: Endpoint) => endpoint.operation.requestBody?.content?.["application/json"]?.schema;
const takesBody = (endpoint: Endpoint) => endpoint.method !== "GET" && endpoint.method !== "HEAD";

describe("fuzzing signed-in endpoints", () => {
  it("finds the portal and back-office endpoints, the upload routes among them", () => {
    expect(endpoints.filter((endpoint) => endpoint.path.startsWith("/api/portal/")).length).toBeGreaterThanOrEqual(5);
    expect(endpoints.filter((endpoint) => endpoint.path.startsWith("/api/back-office/")).length).toBeGreaterThanOrEqual(
      20,
    );
    expect(endpoints.filter((endpoint) => endpoint.path.startsWith("/api/v1/")).length).toBeGreaterThanOrEqual(8);
    expect(
      endpoints
        .filter((endpoint) => takesBody(endpoint) && !jsonSchemaOf(endpoint))
        .map((endpoint) => `${endpoint.method} ${endpoint.path}`),
    ).toEqual(
      expect.arrayContaining([
        "POST /api/v1/deals",
        "POST /api/v1/deals/{id}/documents",
        "POST /api/portal/deals",
        "POST /api/portal/deals/{id}/messages",
        "POST /api/back-office/deals/{id}/messages",
        "POST /api/back-office/partners/{id}/logo",
        "POST /api/applicant/stips/{stipId}/files",
      ]),
    );
  });

  it(
    "answers bad path params and query strings with a 4xx, never a 5xx",
    async () => {
      await fuzzEach(
        endpoints,
        (endpoint) =>
          fc.asyncProperty(
            fc.tuple(pathOf(endpoint), queryOf(endpoint), callerOf(endpoint)),
            async ([path, query, cookie]) => {
              const body = takesBody(endpoint) ? { type: "application/json", payload: "{}" } : {};
              await send({ endpoint, url: path + query, cookie, ...body, text: path + query });
            },
          ),
        20,
      );
    },
    fuzzBudgetMs,
  );

  it(
    "answers bad JSON bodies with a 4xx, never a 5xx",
    async () => {
      await fuzzEach(
        endpoints.filter((endpoint) => jsonSchemaOf(endpoint)),
        (endpoint) =>
          fc.asyncProperty(
            fc.tuple(pathOf(endpoint), jsonBodyOf(jsonSchemaOf(endpoint)!), callerOf(endpoint)),
            async ([path, body, cookie]) => {
              await send({
                endpoint,
                url: path,
                cookie,
                type: body.type,
                payload: body.payload,
                text: path + body.payload,
              });
            },
          ),
        40,
      );
    },
    fuzzBudgetMs,
  );

  // Upload routes declare no JSON body: every body-taking endpoint without one gets malformed multipart.
  it(
    "answers malformed multipart with a 4xx, never a 5xx",
    async () => {
      await fuzzEach(
        endpoints.filter((endpoint) => takesBody(endpoint) && !jsonSchemaOf(endpoint)),
        (endpoint) =>
          fc.asyncProperty(
            fc.tuple(pathOf(endpoint), multipartRequest, callerOf(endpoint)),
            async ([path, body, cookie]) => {
              await send({
                endpoint,
                url: path,
                cookie,
                type: body.type,
                payload: body.payload,
                text: path + body.text,
              });
            },
          ),
        60,
      );
    },
    fuzzBudgetMs,
  );
});

describe("inputs that once answered 5xx", () => {
  for (const found of foundIssues) {
    it(`answers ${found.issue} with a 4xx`, async () => {
      const response = await inject(found.reproduce());
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
    });
  }
});
