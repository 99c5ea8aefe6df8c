import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { multipartBody, samplePdf } from "../../tests/support/multipart.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
import { sampleNewDealFields } from "../demo/sample-requests.ts";
import { auditLog } from "../audit/tables.ts";
import { dealDocument, dealHistory } from "./tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { createAccount } from "../accounts/create-account.ts";

let server: TestServer;
let staffCookie: string;
let vendor: { cookie: string; email: string };

beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server.auth, {
    email: "admin@lender.example",
    name: "Admin",
    role: authRoles.admin,
    password: "admin-password-1",
    emailVerified: true,
  });
  await createAccount(server.auth, {
    email: "staff@lender.example",
    name: "Sam Staff",
    role: authRoles.staff,
    password: "staff-password-1",
    emailVerified: true,
  });
  staffCookie = (await signIn(server.app, "staff@lender.example", "staff-password-1")).cookie;
  const created = await createVendor(server.database, server.auth, "Delta Dealers");
  vendor = { cookie: (await signIn(server.app, created.email, created.password)).cookie, email: created.email };
});
afterAll(() => server?.close());

const request = (method: "GET" | "POST" | "PATCH", url: string, cookie: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    payload,
    headers: { cookie, origin: testOrigin },
    remoteAddress: loopbackAddress(),
  });

async function submitDeal(name: string) {
  const body = multipartBody({ deal: JSON.stringify(sampleNewDealFields({ businessName: name })) }, [
    { field: "client-info", name: "app.pdf", content: samplePdf },
  ]);
  const response = await server.app.inject({
    method: "POST",
    url: "/api/portal/deals",
    payload: body.payload,
    headers: { cookie: vendor.cookie, origin: testOrigin, "content-type": body.contentType },
  });
  return response.json().id as string;
}

describe("deal pipeline", () => {
  it("moves a deal 1 -> 2 -> 9 with history, and the vendor's list, dashboard and mail follow", async () => {
    const dealId = await submitDeal("pipeline paving");
    expect(
      (
        await request("PATCH", `/api/back-office/deals/${dealId}`, staffCookie, {
          stage: 2,
          notes: "Approved at 9%",
          dealScore: 3,
        })
      ).json().changed,
    ).toEqual(["stage", "notes", "dealScore"]);
    expect((await request("PATCH", `/api/back-office/deals/${dealId}`, staffCookie, { stage: 9 })).statusCode).toBe(
      200,
    );
    const detail = (await request("GET", `/api/back-office/deals/${dealId}`, staffCookie)).json();
    expect(
      detail.history
        .filter((entry: { field: string }) => entry.field === "stage")
        .map((entry: { from: string; to: string }) => `${entry.from}->${entry.to}`),
    ).toEqual(["1->2", "2->9"]);
    expect(detail.client.taxIdMasked).toBe("••-•••4321");
    expect(JSON.stringify(detail)).not.toContain("1980-02-03");
    expect(
      (await request("POST", `/api/back-office/deals/${dealId}/reveal`, staffCookie, { field: "dob" })).json().value,
    ).toBe("1980-02-03");
    expect(
      (await request("POST", `/api/back-office/deals/${dealId}/reveal`, vendor.cookie, { field: "dob" })).statusCode,
    ).toBe(403);
    expect(
      (await server.database.db.select().from(auditLog).where(eq(auditLog.subject, dealId))).map(
        (entry) => entry.action,
      ),
    ).toContain("sensitive.reveal");
    const listed = (await request("GET", "/api/portal/deals?month=all", vendor.cookie))
      .json()
      .deals.find((d: { id: string }) => d.id === dealId);
    expect(listed).toMatchObject({ stage: 9, notes: "Approved at 9%" });
    expect((await request("GET", "/api/portal/dashboard?month=all", vendor.cookie)).json().approved.count).toBe(1);
    const mails = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, vendor.email));
    expect(mails.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining(["PIPELINE PAVING: Approved", "PIPELINE PAVING: Closed"]),
    );
    expect(await server.database.db.select().from(dealHistory).where(eq(dealHistory.dealId, dealId))).toHaveLength(4);
    expect((await request("PATCH", `/api/back-office/deals/${dealId}`, staffCookie, { stage: 7 })).statusCode).toBe(
      400,
    );
    const month = new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles", month: "numeric" }).format(
      new Date(),
    );
    const thisMonth = (
      await request("GET", `/api/back-office/deals?month=${Number(month) - 1}&stage=9`, staffCookie)
    ).json().deals;
    expect(thisMonth.map((d: { id: string }) => d.id)).toContain(dealId);
    const otherMonth = (
      await request("GET", `/api/back-office/deals?month=${Number(month) % 12}&stage=9`, staffCookie)
    ).json().deals;
    expect(otherMonth.map((d: { id: string }) => d.id)).not.toContain(dealId);
  });

  it("answers the vendor in the deal's thread, and audits downloads", async () => {
    const dealId = await submitDeal("thread paving");
    const body = multipartBody({ body: "Please send last year's tax return." }, []);
    const answer = await server.app.inject({
      method: "POST",
      url: `/api/back-office/deals/${dealId}/messages`,
      payload: body.payload,
      headers: { cookie: staffCookie, origin: testOrigin, "content-type": body.contentType },
    });
    expect(answer.statusCode).toBe(201);
    const thread = (await request("GET", `/api/portal/deals/${dealId}/messages`, vendor.cookie)).json();
    expect(thread.messages.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([
      ["staff", "Please send last year's tax return."],
    ]);
    const [doc] = await server.database.db.select().from(dealDocument).where(eq(dealDocument.dealId, dealId));
    expect(
      (await request("GET", `/api/back-office/documents/${doc!.id}`, staffCookie)).headers["content-disposition"],
    ).toMatch(/^attachment/);
    expect(await server.database.db.select().from(auditLog).where(eq(auditLog.subject, doc!.id))).toHaveLength(1);
  });

  it("refuses vendors and anonymous visitors on every back-office endpoint", async () => {
    const dealId = await submitDeal("guarded paving");
    const endpoints: ["GET" | "POST" | "PATCH", string, object?][] = [
      ["GET", "/api/back-office/deals"],
      ["GET", `/api/back-office/deals/${dealId}`],
      ["PATCH", `/api/back-office/deals/${dealId}`, { stage: 6 }],
      ["GET", `/api/back-office/deals/${dealId}/messages`],
      ["GET", `/api/back-office/documents/${randomUUID()}`],
      ["GET", "/api/back-office/vendors"],
      [
        "POST",
        "/api/back-office/vendors",
        {
          firstName: "X",
          companyId: "222222",
          companyEmail: "x@y.example",
          companyName: "",
          companyAlreadyInSystem: false,
        },
      ],
      ["GET", "/api/back-office/outbox"],
    ];
    for (const [method, url, payload] of endpoints) {
      expect((await request(method, url, vendor.cookie, payload)).statusCode, `${method} ${url} as vendor`).toBe(403);
      expect((await request(method, url, "", payload)).statusCode, `${method} ${url} anonymous`).toBe(401);
    }
  });
});
