import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { auditLog } from "../audit/tables.ts";
import { dealDocument } from "./tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { createAccount } from "../accounts/create-account.ts";

// docs/product-rules.md#r14-messages-and-waiting-for-us: the vendor's page per deal (details, history, documents added
// later) and the unread marker.

let server: TestServer;
let staffCookie: string;
let vendorA: { cookie: string; email: string };
let vendorB: { cookie: string; email: string };

beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server.auth, {
    email: "analyst@lender.example",
    name: "Ana Analyst",
    role: authRoles.staff,
    password: "staff-password-1",
    emailVerified: true,
  });
  staffCookie = (await signIn(server.app, "analyst@lender.example", "staff-password-1")).cookie;
  for (const [name, assign] of [
    ["Page Alpha", (v: typeof vendorA) => (vendorA = v)],
    ["Page Beta", (v: typeof vendorB) => (vendorB = v)],
  ] as const) {
    const created = await createVendor(server.database, server.auth, name);
    assign({ cookie: (await signIn(server.app, created.email, created.password)).cookie, email: created.email });
  }
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

function multipart(url: string, cookie: string, fields: Record<string, string>, files: UploadFile[]) {
  const body = multipartBody(fields, files);
  return server.app.inject({
    method: "POST",
    url,
    payload: body.payload,
    headers: { cookie, origin: testOrigin, "content-type": body.contentType },
    remoteAddress: loopbackAddress(),
  });
}

async function submitDeal(name: string) {
  const response = await multipart(
    "/api/portal/deals",
    vendorA.cookie,
    { deal: JSON.stringify(sampleNewDealFields({ businessName: name })) },
    [{ field: "client-info", name: "app.pdf", content: samplePdf }],
  );
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

const listed = async (cookie: string, dealId: string) =>
  (await request("GET", "/api/portal/deals?month=all", cookie))
    .json()
    .deals.find((d: { id: string }) => d.id === dealId);
const unreadCount = async (cookie: string) =>
  (await request("GET", "/api/portal/unread", cookie)).json().count as number;

describe("the vendor's deal page", () => {
  it("answers another company's deal with 404 on every deal page endpoint, storing nothing", async () => {
    const dealId = await submitDeal("isolated paving");
    expect((await request("GET", `/api/portal/deals/${dealId}`, vendorA.cookie)).statusCode).toBe(200);
    expect((await request("GET", `/api/portal/deals/${dealId}`, vendorB.cookie)).statusCode).toBe(404);
    expect((await request("POST", `/api/portal/deals/${dealId}/read`, vendorB.cookie)).statusCode).toBe(404);
    const upload = await multipart(`/api/portal/deals/${dealId}/documents`, vendorB.cookie, {}, [
      { field: "document", name: "sneaky.pdf", content: samplePdf },
    ]);
    expect(upload.statusCode).toBe(404);
    expect(
      (await server.database.db.select().from(dealDocument).where(eq(dealDocument.dealId, dealId))).map(
        (doc) => doc.originalName,
      ),
    ).toEqual(["app.pdf"]);
    // Staff use the back office, not the portal.
    expect((await request("GET", `/api/portal/deals/${dealId}`, staffCookie)).statusCode).toBe(403);
  });

  it("shows the stage history the vendor may see, without staff e-mail addresses or ECOA dates", async () => {
    const dealId = await submitDeal("history hauling");
    const patch = await request("PATCH", `/api/back-office/deals/${dealId}`, staffCookie, {
      stage: 0,
      notes: "Declined: time in business",
      dealScore: 1,
      costOfEquipment: 70000,
      approvedAmount: 60000,
      declinedReceivedOn: "2026-01-02",
    });
    expect(patch.statusCode).toBe(200);
    const response = await request("GET", `/api/portal/deals/${dealId}`, vendorA.cookie);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.deal).toMatchObject({
      id: dealId,
      businessName: "HISTORY HAULING",
      stage: 0,
      notes: "Declined: time in business",
      dealScore: 1,
      costOfEquipment: 70000,
    });
    expect(
      page.history
        .map((entry: { field: string; from: string; to: string }) => `${entry.field}:${entry.from}->${entry.to}`)
        .sort(),
    ).toEqual(
      [
        "approvedAmount:->60000",
        "costOfEquipment:85000->70000",
        "dealScore:0->1",
        "notes:New Submission!->Declined: time in business",
        "stage:1->0",
      ].sort(),
    );
    const text = response.body;
    expect(text).not.toContain("analyst@lender.example");
    expect(text).not.toContain("declinedReceivedOn");
    expect(text).not.toContain("actor");
  });

  it("stores, audits and mails a document added later, with the new-deal upload's content checks", async () => {
    const dealId = await submitDeal("later lumber");
    const refused = await multipart(`/api/portal/deals/${dealId}/documents`, vendorA.cookie, {}, [
      { field: "document", name: "statement.pdf", content: notReallyPdf },
    ]);
    expect(refused.statusCode).toBe(415);
    expect((await multipart(`/api/portal/deals/${dealId}/documents`, vendorA.cookie, {}, [])).statusCode).toBe(400);
    expect(
      (
        await multipart(`/api/portal/deals/${dealId}/documents`, vendorA.cookie, {}, [
          { field: "attachment", name: "x.pdf", content: samplePdf },
        ])
      ).statusCode,
    ).toBe(400);

    const added = await multipart(`/api/portal/deals/${dealId}/documents`, vendorA.cookie, {}, [
      { field: "document", name: "bank-statement.pdf", content: samplePdf },
      { field: "document", name: "license.png", content: samplePng },
    ]);
    expect(added.statusCode).toBe(201);
    const { ids } = added.json();
    expect(ids).toHaveLength(2);
    const documents = await server.database.db.select().from(dealDocument).where(eq(dealDocument.dealId, dealId));
    expect(
      documents
        .filter((doc) => doc.slot === "added")
        .map((doc) => [doc.originalName, doc.contentType, doc.messageId])
        .sort(),
    ).toEqual([
      ["bank-statement.pdf", "application/pdf", null],
      ["license.png", "image/png", null],
    ]);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "document.upload"), eq(auditLog.subject, dealId)));
    expect(audit).toBeDefined();
    const mails = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Documents added by ${vendorA.email}: LATER LUMBER`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(server.config.creditTeamEmail);
    // Both sides see the documents with the deal's, and staff download them (audited).
    const thread = (await request("GET", `/api/portal/deals/${dealId}/messages`, vendorA.cookie)).json();
    expect(thread.documents.map((doc: { name: string }) => doc.name)).toEqual(
      expect.arrayContaining(["bank-statement.pdf", "license.png"]),
    );
    const download = await request("GET", `/api/back-office/documents/${ids[0]}`, staffCookie);
    expect(download.statusCode).toBe(200);
    expect(
      await server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "document.download"), eq(auditLog.subject, ids[0]))),
    ).toHaveLength(1);
  });
});

describe("the unread marker", () => {
  it("flips on when the credit team answers and off when the vendor opens the deal", async () => {
    const dealId = await submitDeal("unread umbrellas");
    const before = await unreadCount(vendorA.cookie);
    expect((await listed(vendorA.cookie, dealId)).unread).toBe(false);

    expect(
      (await multipart(`/api/portal/deals/${dealId}/messages`, vendorA.cookie, { body: "Any news?" }, [])).statusCode,
    ).toBe(201);
    expect((await listed(vendorA.cookie, dealId)).unread).toBe(false);

    const answer = await multipart(
      `/api/back-office/deals/${dealId}/messages`,
      staffCookie,
      { body: "Approved, see the terms." },
      [{ field: "attachment", name: "terms.pdf", content: samplePdf }],
    );
    expect(answer.statusCode).toBe(201);
    expect((await listed(vendorA.cookie, dealId)).unread).toBe(true);
    expect(await unreadCount(vendorA.cookie)).toBe(before + 1);
    // Another company's count does not move.
    expect(await unreadCount(vendorB.cookie)).toBe(0);

    expect((await request("POST", `/api/portal/deals/${dealId}/read`, vendorA.cookie)).statusCode).toBe(200);
    expect((await listed(vendorA.cookie, dealId)).unread).toBe(false);
    expect(await unreadCount(vendorA.cookie)).toBe(before);

    // A later answer is unread again.
    await multipart(`/api/portal/deals/${dealId}/messages`, vendorA.cookie, { body: "Thanks!" }, []);
    await multipart(`/api/back-office/deals/${dealId}/messages`, staffCookie, { body: "You are welcome." }, []);
    expect((await listed(vendorA.cookie, dealId)).unread).toBe(true);
  });
});
