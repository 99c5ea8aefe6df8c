import { randomUUID } from "node:crypto";
import { text } from "node:stream/consumers";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { businessDaysToInstants } from "#domain/site/business-day.ts";
import {
  sampleCalculatorLead,
  sampleCreditApplication,
  sampleNewDealFields,
  sampleQuestionnaireAnswer,
} from "../demo/sample-requests.ts";
import { multipartBody, samplePdf } from "../../tests/support/multipart.ts";
import { withoutIds } from "../../tests/support/without-ids.ts";
import { queryRows } from "../../tests/support/test-database.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
import { auditLog } from "../audit/tables.ts";
import { deal } from "../deals/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { createAccount } from "../accounts/create-account.ts";
import { dealsCsv } from "../deals/export-deals-csv.ts";
import { leadsCsv } from "./export-leads-csv.ts";

let server: TestServer;
let admin: string;
let vendor: string;
let applicationId: string;

beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server.auth, {
    email: "admin@lender.example",
    name: "Admin",
    role: authRoles.admin,
    password: "admin-password-1",
    emailVerified: true,
  });
  admin = (await signIn(server.app, "admin@lender.example", "admin-password-1")).cookie;
  const created = await createVendor(server.database, server.auth, "Echo Equipment");
  vendor = (await signIn(server.app, created.email, created.password)).cookie;
  const post = (url: string, payload: object) =>
    server.app.inject({
      method: "POST",
      url,
      payload,
      remoteAddress: loopbackAddress(),
      headers: { origin: testOrigin },
    });
  applicationId = (await post("/api/leads/credit-application", sampleCreditApplication())).json().id;
  await post("/api/leads/questionnaire-answer", sampleQuestionnaireAnswer());
  await post("/api/leads/footer-message", {
    nameOfBusiness: "",
    nameUser: "Lee",
    emailUser: "lee@x.example",
    subjectUser: '=HYPERLINK("x")',
    idempotencyKey: randomUUID(),
  });
});
afterAll(() => server?.close());

const call = (method: "GET" | "POST" | "PATCH", url: string, cookie: string, payload?: object) =>
  server.app.inject({ method, url, payload, headers: { cookie, origin: testOrigin } });

describe("lead inbox", () => {
  it("lists every kind of lead newest first, and keeps status and assignee", async () => {
    const inbox = (await call("GET", "/api/back-office/leads", admin)).json().leads;
    expect(inbox.map((lead: { type: string }) => lead.type)).toEqual([
      "footer-message",
      "questionnaire",
      "credit-application",
    ]);
    expect(inbox.every((lead: { status: string; overdue: boolean }) => lead.status === "new" && !lead.overdue)).toBe(
      true,
    );
    const me = (await call("GET", "/api/me", admin)).json().user.id;
    expect(
      (
        await call("PATCH", `/api/back-office/leads/credit-application/${applicationId}`, admin, {
          status: "contacted",
          assigneeUserId: me,
        })
      ).statusCode,
    ).toBe(200);
    const contacted = (await call("GET", "/api/back-office/leads?status=contacted", admin)).json().leads;
    expect(contacted).toEqual([
      expect.objectContaining({ id: applicationId, status: "contacted", assignee: "admin@lender.example" }),
    ]);
  });

  it("masks SSN and tax id, and writes each reveal to the audit log", async () => {
    const detail = (await call("GET", `/api/back-office/credit-applications/${applicationId}`, admin)).json();
    expect(detail.fedIdMasked).toBe("••-•••4321");
    expect(detail.owners.map((owner: { ssnMasked: string }) => owner.ssnMasked)).toEqual([
      "•••-••-4207",
      "•••-••-3378",
    ]);
    expect(withoutIds(JSON.stringify(detail))).not.toMatch(/531-86|98-765|v1\./);
    expect(
      (
        await call("POST", `/api/back-office/credit-applications/${applicationId}/reveal`, admin, { field: "ssn2" })
      ).json().value,
    ).toBe("612-49-3378");
    expect(
      (
        await call("POST", `/api/back-office/credit-applications/${applicationId}/reveal`, admin, { field: "fedId" })
      ).json().value,
    ).toBe("98-7654321");
    const reveals = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "sensitive.reveal"))
      .orderBy(auditLog.at);
    expect(reveals.map((entry) => (entry.details as { field: string }).field)).toEqual(["ssn2", "fedId"]);
    expect(withoutIds(JSON.stringify(reveals))).not.toContain("612-49");
  });

  it("exports leads and deals as CSV without sensitive numbers", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const leads = await call("GET", `/api/back-office/export/leads.csv?from=2020-01-01&to=${today}`, admin);
    expect(leads.headers["content-type"]).toContain("text/csv");
    expect(leads.body.split("\r\n")[0]).toBe("type,id,created_at,title,contact,status,assignee");
    expect(leads.body).toContain("Granite Peak Excavation LLC");
    expect(leads.body).toContain('"Lee: =HYPERLINK(""x"")"');
    expect(withoutIds(leads.body)).not.toMatch(/531-86|612-49|98-765/);
    expect((await call("GET", `/api/back-office/export/deals.csv?from=2020-01-01&to=${today}`, admin)).statusCode).toBe(
      200,
    );
  });

  it("retries a pending mail and shows the audit log to admins", async () => {
    const [mail] = await server.database.db.select().from(mailOutbox).limit(1);
    expect((await call("POST", `/api/back-office/outbox/${mail!.id}/retry`, admin)).statusCode).toBe(200);
    const audit = (await call("GET", "/api/back-office/audit", admin)).json().entries;
    expect(audit.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(["sign-in", "sensitive.reveal", "export.leads"]),
    );
  });

  it("refuses vendors on every one of these endpoints", async () => {
    for (const [method, url, payload] of [
      ["GET", "/api/back-office/leads"],
      ["PATCH", `/api/back-office/leads/credit-application/${applicationId}`, { status: "closed" }],
      ["GET", `/api/back-office/credit-applications/${applicationId}`],
      ["POST", `/api/back-office/credit-applications/${applicationId}/reveal`, { field: "ssn1" }],
      ["GET", "/api/back-office/export/leads.csv?from=2020-01-01&to=2030-01-01"],
      ["GET", "/api/back-office/export/deals.csv?from=2020-01-01&to=2030-01-01"],
      ["POST", `/api/back-office/outbox/${randomUUID()}/retry`],
      ["GET", "/api/back-office/audit"],
    ] as const) {
      expect((await call(method, url, vendor, payload as object | undefined)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe("CSV exports", () => {
  const tables: Record<string, string> = {
    questionnaire: "questionnaire_answer",
    "picked-option": "picked_option",
    "credit-application": "credit_application",
    calculator: "calculator_lead",
    "vendor-contact": "vendor_contact",
    "footer-message": "footer_message",
  };
  const range = { from: "2021-03-01", to: "2021-03-10" };
  const rowsOf = (csv: string) => csv.split("\r\n").slice(1, -1);
  const keyOf = (line: string) => line.split(",").slice(0, 2).join(":");

  /** One lead of each kind through the public endpoints, moved to `at` (SQL, microseconds kept). */
  async function oneOfEachKind(at: string): Promise<string[]> {
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
    const answerId = await post("/api/leads/questionnaire-answer", sampleQuestionnaireAnswer());
    const ids: Record<string, string> = {
      questionnaire: answerId,
      "picked-option": await post("/api/leads/picked-option", {
        answerId,
        term: "36",
        agreeItsJustProposal: true,
        idempotencyKey: randomUUID(),
      }),
      "credit-application": await post("/api/leads/credit-application", sampleCreditApplication()),
      calculator: await post("/api/leads/calculator", sampleCalculatorLead()),
      "vendor-contact": await post("/api/leads/vendor-contact", {
        businessName: "Kind Check",
        contactName: "Kim",
        phoneNumber: "(555) 010-0100",
        email: "kim@x.example",
        idempotencyKey: randomUUID(),
      }),
      "footer-message": await post("/api/leads/footer-message", {
        nameOfBusiness: "",
        nameUser: "Kim",
        emailUser: "kim@x.example",
        subjectUser: "Hi",
        idempotencyKey: randomUUID(),
      }),
    };
    for (const [type, id] of Object.entries(ids))
      await server.database.db.execute(
        sql`update ${sql.identifier(tables[type]!)} set created_at = ${at}::timestamptz where id = ${id}`,
      );
    return Object.entries(ids).map(([type, id]) => `${type}:${id}`);
  }

  /** Footer messages straight into the table at the given SQL instants (names a spreadsheet would run); their keys. */
  async function footerMessagesAt(instants: ReturnType<typeof sql>, label: string): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      server.database.db,
      sql`insert into footer_message (idempotency_key, name_of_business, name_user, email_user, message, created_at)
          select ${label} || '-' || n, '', '=' || ${label} || ' ' || n, 'bulk@x.example', 'hello', at from (${instants}) t(n, at) returning id`,
    );
    return rows.map((row) => `footer-message:${row.id}`);
  }

  it("refuses an impossible date or a reversed range with a 400 on both exports", async () => {
    for (const file of ["deals.csv", "leads.csv"]) {
      for (const query of [
        "from=2020-13-45&to=2021-01-01",
        "from=2021-01-01&to=2021-02-29",
        "from=0000-01-01&to=2021-01-01",
        "from=2021-01-01&to=9999-12-31",
        "from=2021-02-01&to=2021-01-01",
        "from=2021-01-01",
        "from=2021-01-01&to=tomorrow",
      ]) {
        const response = await call("GET", `/api/back-office/export/${file}?${query}`, admin);
        expect(response.statusCode, `${file}?${query}`).toBe(400);
        expect(response.json(), `${file}?${query}`).toEqual({
          code: "VALIDATION_FAILED",
          message: expect.any(String),
          details: expect.arrayContaining([{ path: expect.any(String), message: expect.any(String) }]),
        });
      }
    }
  });

  it("streams every lead of every kind in the range, past the inbox's 200, with days cut in the business time zone", async () => {
    const { start, end } = businessDaysToInstants(range, server.config.public.brand.timeZone);
    const [startText, endText] = [start.toISOString(), end.toISOString()];
    const inside = [
      ...(await oneOfEachKind(new Date(start.getTime() + 3_600_000).toISOString())),
      ...(await footerMessagesAt(
        sql`select g, ${startText}::timestamptz + g * interval '50 minutes' from generate_series(1, 250) g`,
        "bulk",
      )),
      // The first and last microsecond of the range, and the evening of the last day (after midnight UTC).
      ...(await footerMessagesAt(
        sql`values (1, ${startText}::timestamptz), (2, ${endText}::timestamptz - interval '1 microsecond'), (3, ${endText}::timestamptz - interval '3 hours')`,
        "edge-in",
      )),
    ];
    // Just outside, and the evening before the first day (already the first day in UTC).
    await footerMessagesAt(
      sql`values (1, ${startText}::timestamptz - interval '1 microsecond'), (2, ${endText}::timestamptz), (3, ${startText}::timestamptz - interval '3 hours')`,
      "edge-out",
    );

    const response = await call("GET", `/api/back-office/export/leads.csv?from=${range.from}&to=${range.to}`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const rows = rowsOf(response.body);
    expect(rows).toHaveLength(inside.length);
    expect(new Set(rows.map(keyOf))).toEqual(new Set(inside));
    expect(response.headers["content-length"], "streamed, not built whole").toBeUndefined();
    expect(new Set(rows.map((row) => row.split(",")[0]))).toEqual(new Set(Object.keys(tables)));
    expect(rows.filter((row) => row.includes(",'=bulk "))).toHaveLength(250);
    expect(rows.flatMap((row) => row.split(",")).filter((cell) => cell.startsWith("="))).toEqual([]);
    expect(withoutIds(response.body)).not.toMatch(/531-86|612-49|98-765|1980-02-03/);
    const createdAt = rows.map((row) => row.split(",")[2]!);
    expect(createdAt).toEqual([...createdAt].sort().reverse());
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "export.leads"))
      .orderBy(auditLog.at);
    expect(audits.at(-1)!.details).toEqual(range);
  });

  it("reads in batches that together hold each row once, through ties and microseconds", async () => {
    const from = "2021-05-01";
    const { start, end } = businessDaysToInstants({ from, to: from }, server.config.public.brand.timeZone);
    const at = new Date(start.getTime() + 7_200_000).toISOString();
    const tied = [
      ...(await oneOfEachKind(at)),
      ...(await footerMessagesAt(sql`select g, ${at}::timestamptz from generate_series(1, 15) g`, "tie")),
      ...(await footerMessagesAt(
        sql`select g, ${at}::timestamptz + g * interval '1 microsecond' from generate_series(1, 15) g`,
        "micro",
      )),
    ];
    const whole = await text(await leadsCsv(server.database.db, { start, end }));
    for (const size of [1, 7, 16])
      expect(await text(await leadsCsv(server.database.db, { start, end }, size)), `batches of ${size}`).toBe(whole);
    expect(new Set(rowsOf(whole).map(keyOf))).toEqual(new Set(tied));
    expect(rowsOf(whole)).toHaveLength(tied.length);
  });

  it("exports the deals of the range by the business time zone, in batches", async () => {
    const { start, end } = businessDaysToInstants(range, server.config.public.brand.timeZone);
    const instants = {
      "edge-out-before": sql`${start.toISOString()}::timestamptz - interval '1 microsecond'`,
      "edge-in-first": sql`${start.toISOString()}::timestamptz`,
      "edge-in-evening": sql`${end.toISOString()}::timestamptz - interval '3 hours'`,
      "edge-in-last": sql`${end.toISOString()}::timestamptz - interval '1 microsecond'`,
      "edge-out-after": sql`${end.toISOString()}::timestamptz`,
    };
    const accounts: Record<string, string> = {};
    for (const [name, instant] of Object.entries(instants)) {
      const upload = multipartBody({ deal: JSON.stringify(sampleNewDealFields({ businessName: name })) }, [
        { field: "client-info", name: "application.pdf", content: samplePdf },
      ]);
      const response = await server.app.inject({
        method: "POST",
        url: "/api/portal/deals",
        payload: upload.payload,
        headers: { cookie: vendor, origin: testOrigin, "content-type": upload.contentType },
      });
      expect(response.statusCode).toBe(201);
      accounts[name] = response.json().accountNumber;
      await server.database.db
        .update(deal)
        .set({ createdAt: sql`${instant}` })
        .where(eq(deal.id, response.json().id));
    }
    const response = await call("GET", `/api/back-office/export/deals.csv?from=${range.from}&to=${range.to}`, admin);
    expect(response.statusCode).toBe(200);
    expect(rowsOf(response.body).map((row) => row.split(",")[0])).toEqual([
      accounts["edge-in-last"],
      accounts["edge-in-evening"],
      accounts["edge-in-first"],
    ]);
    expect(withoutIds(response.body)).not.toMatch(/98-765|1980-02-03/);
    expect(await text(await dealsCsv(server.database.db, { start, end }, 1))).toBe(response.body);
  });
});
