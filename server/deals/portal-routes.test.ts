import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { newDealMessages } from "#domain/deals/new-deal-schema.ts";
import {
  multipartBody,
  notReallyPdf,
  samplePdf,
  samplePng,
  sampleXml,
  type UploadFile,
} from "../../tests/support/multipart.ts";
import { queryRows } from "../../tests/support/test-database.ts";
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
import { user } from "../auth/tables.ts";
import { deal, dealClient, dealDocument } from "./tables.ts";
import { postMessage } from "./post-message.ts";

let server: TestServer;
let vendorA: { cookie: string; email: string };
let vendorB: { cookie: string; email: string };

beforeAll(async () => {
  server = await startTestServer();
  for (const [name, assign] of [
    ["Alpha Equipment", (v: typeof vendorA) => (vendorA = v)],
    ["Beta Trucks", (v: typeof vendorB) => (vendorB = v)],
  ] as const) {
    const created = await createVendor(server.database, server.auth, name);
    const { cookie } = await signIn(server.app, created.email, created.password);
    assign({ cookie, email: created.email });
  }
});
afterAll(() => server?.close());

const files = (): UploadFile[] => [
  { field: "client-info", name: "application.pdf", content: samplePdf },
  { field: "additional-1", name: "license.png", content: samplePng },
  { field: "additional-2", name: "data.xml", content: sampleXml },
];

function submit(cookie: string, fields = sampleNewDealFields(), uploads = files()) {
  const body = multipartBody({ deal: JSON.stringify(fields) }, uploads);
  return server.app.inject({
    method: "POST",
    url: "/api/portal/deals",
    payload: body.payload,
    headers: { cookie, origin: testOrigin, "content-type": body.contentType },
    remoteAddress: loopbackAddress(),
  });
}

const get = (url: string, cookie: string) => server.app.inject({ url, headers: { cookie } });
const storedFiles = async () =>
  (
    await readdir(path.join(server.config.dataDir, "files"), { recursive: true, withFileTypes: true }).catch(() => [])
  ).filter((entry) => entry.isFile());

describe("submitting a deal", () => {
  it("creates the deal, client, documents and mail as one, with the spec's defaults", async () => {
    const fields = sampleNewDealFields();
    const response = await submit(vendorA.cookie, fields);
    expect(response.statusCode).toBe(201);
    const { id, accountNumber } = response.json();
    expect(accountNumber).toMatch(/^VP(3\d{4}|40000)$/);
    const [row] = await server.database.db.select().from(deal).where(eq(deal.id, id));
    expect(row).toMatchObject({
      businessName: "GRANITE PEAK EXCAVATION",
      ownersName: "MARIA LOPEZ",
      stage: 1,
      notes: "New Submission!",
      dealScore: 0,
      costOfEquipment: 85000,
      downPayment: 5000,
    });
    const [client] = await server.database.db.select().from(dealClient).where(eq(dealClient.dealId, id));
    expect(client).toMatchObject({
      ownerTitle: "Owner",
      ownerPercentage: 100,
      contactTeamMember: "Sales",
      businessTaxIdLast4: "4321",
    });
    expect(client!.customerNumber).toBeGreaterThanOrEqual(30000);
    expect(server.cipher.decrypt(client!.dobEncrypted!)).toBe("1980-02-03");
    const documents = await server.database.db.select().from(dealDocument).where(eq(dealDocument.dealId, id));
    expect(documents.map((doc) => [doc.slot, doc.contentType]).sort()).toEqual([
      ["additional-1", "image/png"],
      ["additional-2", "application/xml"],
      ["client-info", "application/pdf"],
    ]);
    expect(documents[0]!.logicalFolder).toBe(`${vendorA.email}/GRANITE PEAK EXCAVATION`);
    const mails = await queryRows<{ subject: string }>(
      server.database.db,
      sql`select subject from mail_outbox where subject = ${`New Client from ${vendorA.email}`}`,
    );
    expect(mails).toHaveLength(1);
  });

  it("stores a repeated submit once", async () => {
    const fields = sampleNewDealFields({ businessName: "repeat paving" });
    const first = await submit(vendorA.cookie, fields);
    const again = await submit(vendorA.cookie, fields);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().id).toBe(first.json().id);
    expect(await server.database.db.select().from(deal).where(eq(deal.businessName, "REPEAT PAVING"))).toHaveLength(1);
    expect(
      await server.database.db.select().from(dealDocument).where(eq(dealDocument.dealId, first.json().id)),
    ).toHaveLength(3);
  });

  it("refuses a file whose content is not what its name says, storing nothing", async () => {
    const before = (await storedFiles()).length;
    const response = await submit(vendorA.cookie, sampleNewDealFields({ businessName: "spoofed docs" }), [
      ...files(),
      { field: "additional-1", name: "bank-statement.pdf", content: notReallyPdf },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toContain("bank-statement.pdf");
    expect(await server.database.db.select().from(deal).where(eq(deal.businessName, "SPOOFED DOCS"))).toHaveLength(0);
    expect((await storedFiles()).length).toBe(before);
  });

  it.each([
    [
      "no client information file",
      [{ field: "additional-1", name: "license.png", content: samplePng }],
      newDealMessages.noFiles,
    ],
    ["a path-traversal name", [{ field: "client-info", name: "../../etc/passwd.pdf", content: samplePdf }], null],
    ["an empty file", [{ field: "client-info", name: "empty.pdf", content: Buffer.alloc(0) }], null],
  ])("handles %s", async (_case, uploads, message) => {
    const response = await submit(
      vendorA.cookie,
      sampleNewDealFields({ businessName: `case ${randomUUID().slice(0, 6)}` }),
      uploads as UploadFile[],
    );
    if (message) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    } else if (response.statusCode === 201) {
      const [doc] = await server.database.db
        .select()
        .from(dealDocument)
        .where(eq(dealDocument.dealId, response.json().id));
      expect(doc!.originalName).toBe("passwd.pdf");
      expect(doc!.storageKey).toMatch(/^deals\/[0-9a-f-]+\/[0-9a-f-]+$/);
    } else {
      expect([400, 415]).toContain(response.statusCode);
    }
  });

  it("answers 400 to a multipart body it cannot read (truncated, no boundary), storing nothing", async () => {
    const before = (await storedFiles()).length;
    const body = multipartBody({ deal: JSON.stringify(sampleNewDealFields({ businessName: "unreadable" })) }, files());
    const fileStart = body.payload.indexOf("%PDF");
    const cases: [string, Buffer, string, string][] = [
      ["cut inside a file", body.payload.subarray(0, fileStart + 20), body.contentType, "BAD_REQUEST"],
      ["cut inside the deal field", body.payload.subarray(0, 120), body.contentType, "BAD_REQUEST"],
      [
        "cut before the closing boundary",
        body.payload.subarray(0, body.payload.length - 10),
        body.contentType,
        "BAD_REQUEST",
      ],
      ["no boundary", body.payload, "multipart/form-data", "BAD_REQUEST"],
      [
        "a boundary longer than the parser allows",
        body.payload,
        `multipart/form-data; boundary=${"x".repeat(300)}`,
        "BAD_REQUEST",
      ],
      // Read as a form without parts: no deal field.
      ["an empty boundary", body.payload, "multipart/form-data; boundary=", "VALIDATION_FAILED"],
    ];
    for (const [name, payload, contentType, code] of cases) {
      const response = await server.app.inject({
        method: "POST",
        url: "/api/portal/deals",
        payload,
        headers: { cookie: vendorA.cookie, origin: testOrigin, "content-type": contentType },
        remoteAddress: loopbackAddress(),
      });
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual({ code, message: expect.any(String) });
    }
    expect(await server.database.db.select().from(deal).where(eq(deal.businessName, "UNREADABLE"))).toHaveLength(0);
    await expect.poll(async () => (await storedFiles()).length, { timeout: 5000 }).toBe(before);
  });

  it("keeps a storage failure a server error, not the client's 400", async () => {
    const deals = path.join(server.config.dataDir, "files", "deals");
    const aside = `${deals}-aside`;
    await mkdir(deals, { recursive: true });
    await rename(deals, aside);
    await writeFile(deals, "a file where storage wants a folder");
    try {
      const response = await submit(vendorA.cookie, sampleNewDealFields({ businessName: "storage down" }));
      expect(response.statusCode).toBe(500);
      expect(response.json().code).toBe("INTERNAL");
    } finally {
      await rm(deals);
      await rename(aside, deals);
    }
  });

  it("leaves no deal and no file when the upload is cut off midway", async () => {
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = server.app.server.address() as { port: number };
    const before = (await storedFiles()).length;
    const body = multipartBody({ deal: JSON.stringify(sampleNewDealFields({ businessName: "cut off" })) }, [
      { field: "client-info", name: "application.pdf", content: samplePdf },
      {
        field: "additional-1",
        name: "big.pdf",
        content: Buffer.concat([samplePdf, Buffer.alloc(2 * 1024 * 1024, 65)]),
      },
    ]);
    await new Promise<void>((resolve) => {
      const request = http.request({
        port,
        method: "POST",
        path: "/api/portal/deals",
        headers: {
          cookie: vendorA.cookie,
          origin: testOrigin,
          "content-type": body.contentType,
          "content-length": body.payload.length,
        },
      });
      request.on("error", () => resolve());
      request.write(body.payload.subarray(0, body.payload.length - 1024 * 1024));
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 300);
    });
    await expect.poll(async () => (await storedFiles()).length, { timeout: 5000 }).toBe(before);
    expect(await server.database.db.select().from(deal).where(eq(deal.businessName, "CUT OFF"))).toHaveLength(0);
  });
});

describe("reading a multipart body by its contract", () => {
  // Storage's writes, watched per test: a refused request must make none.
  let put: MockInstance | undefined;
  const watchStorage = () => (put = vi.spyOn(server.app.storage, "put"));
  afterEach(() => put?.mockRestore());
  const send = (payload: Buffer, contentType: string, url = "/api/portal/deals") =>
    server.app.inject({
      method: "POST",
      url,
      payload,
      headers: { cookie: vendorA.cookie, origin: testOrigin, "content-type": contentType },
      remoteAddress: loopbackAddress(),
    });
  /** The parts in the order given: files and text fields mixed as a client may send them. */
  const inOrder = (parts: ({ field: string; value: string } | UploadFile)[]) => {
    const boundary = `----order${randomUUID()}`;
    const chunks = parts.flatMap((part) =>
      "value" in part
        ? [
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`,
            ),
          ]
        : [
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
            ),
            Buffer.from(part.content),
            Buffer.from("\r\n"),
          ],
    );
    return {
      payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
      contentType: `multipart/form-data; boundary=${boundary}`,
    };
  };

  it("refuses invalid fields before the first byte of a file is stored, with the field's message", async () => {
    watchStorage();
    const response = await submit(vendorA.cookie, sampleNewDealFields({ businessName: " " }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: "VALIDATION_FAILED", message: "Please enter the business name." });
    const notJson = multipartBody({ deal: "{not json" }, files());
    expect((await send(notJson.payload, notJson.contentType)).json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(put).not.toHaveBeenCalled();
  });

  it("refuses a file before the fields (the fields are read as missing) and a field after the files, storing nothing", async () => {
    watchStorage();
    const before = (await storedFiles()).length;
    const dealField = { field: "deal", value: JSON.stringify(sampleNewDealFields({ businessName: "out of order" })) };
    const fileFirst = inOrder([files()[0]!, dealField]);
    const refused = await send(fileFirst.payload, fileFirst.contentType);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("VALIDATION_FAILED");
    expect(put).not.toHaveBeenCalled();
    const fieldLast = inOrder([dealField, files()[0]!, { field: "note", value: "late" }]);
    const late = await send(fieldLast.payload, fieldLast.contentType);
    expect(late.json()).toEqual({ code: "VALIDATION_FAILED", message: "Send the form's fields before its files." });
    expect(await server.database.db.select().from(deal).where(eq(deal.businessName, "OUT OF ORDER"))).toHaveLength(0);
    await expect.poll(async () => (await storedFiles()).length, { timeout: 5000 }).toBe(before);
  });

  it("refuses an empty message before its attachment is stored, with the form's message", async () => {
    const created = await submit(vendorA.cookie, sampleNewDealFields({ businessName: "quiet paving" }));
    watchStorage();
    const empty = multipartBody({ body: "   " }, [{ field: "attachment", name: "a.pdf", content: samplePdf }]);
    const response = await send(empty.payload, empty.contentType, `/api/portal/deals/${created.json().id}/messages`);
    expect(response.json()).toEqual({ code: "VALIDATION_FAILED", message: "Please write a message." });
    const missing = multipartBody({}, [{ field: "attachment", name: "a.pdf", content: samplePdf }]);
    expect(
      (await send(missing.payload, missing.contentType, `/api/portal/deals/${created.json().id}/messages`)).json()
        .message,
    ).toBe("Please write a message.");
    expect(put).not.toHaveBeenCalled();
  });
});

describe("scoping", () => {
  it("gives vendor B a 404 for vendor A's deal, messages, files and an empty list and dashboard, whatever ids it sends", async () => {
    const created = (await submit(vendorA.cookie, sampleNewDealFields({ businessName: "alpha only" }))).json();
    const [doc] = await server.database.db.select().from(dealDocument).where(eq(dealDocument.dealId, created.id));
    const listA = (await get("/api/portal/deals?month=all", vendorA.cookie)).json();
    expect(listA.deals.map((d: { id: string }) => d.id)).toContain(created.id);
    const listB = (await get("/api/portal/deals?month=all", vendorB.cookie)).json();
    expect(listB.deals).toEqual([]);
    expect((await get("/api/portal/dashboard?month=all", vendorB.cookie)).json()).toMatchObject({
      applications: 0,
      approved: { count: 0, total: 0 },
    });
    expect((await get(`/api/portal/deals/${created.id}/messages`, vendorB.cookie)).statusCode).toBe(404);
    expect((await get(`/api/portal/documents/${doc!.id}`, vendorB.cookie)).statusCode).toBe(404);
    const message = multipartBody({ body: "Hello" }, []);
    const post = await server.app.inject({
      method: "POST",
      url: `/api/portal/deals/${created.id}/messages`,
      payload: message.payload,
      headers: { cookie: vendorB.cookie, origin: testOrigin, "content-type": message.contentType },
    });
    expect(post.statusCode).toBe(404);
    expect((await get(`/api/portal/deals?month=all&companyId=${randomUUID()}`, vendorB.cookie)).json().deals).toEqual(
      [],
    );
    expect((await get("/api/portal/deals", "")).statusCode).toBe(401);
  });

  it("keeps every byte of a file read whole into the type check (larger than the sample, already ended)", async () => {
    const content = Buffer.concat([samplePdf, Buffer.alloc(5000, 65)]);
    const response = await submit(vendorA.cookie, sampleNewDealFields({ businessName: "whole file check" }), [
      { field: "client-info", name: "application.pdf", content },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const [doc] = await server.database.db
      .select()
      .from(dealDocument)
      .where(eq(dealDocument.dealId, response.json().id));
    expect(doc!.size).toBe(content.length);
    const download = await get(`/api/portal/documents/${doc!.id}`, vendorA.cookie);
    expect(download.rawPayload.equals(content)).toBe(true);
  });

  it("answers 404 without a download's headers when a document's file is gone", async () => {
    const created = (await submit(vendorA.cookie, sampleNewDealFields({ businessName: "gone file check" }))).json();
    const [doc] = await server.database.db
      .select()
      .from(dealDocument)
      .where(eq(dealDocument.dealId, created.id))
      .orderBy(dealDocument.slot);
    await server.app.storage.delete(doc!.storageKey);
    const response = await get(`/api/portal/documents/${doc!.id}`, vendorA.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-disposition"]).toBeUndefined();
  });

  it("lets the owner download a document as an attachment, and audits it", async () => {
    const created = (await submit(vendorA.cookie, sampleNewDealFields({ businessName: "download check" }))).json();
    const [doc] = await server.database.db
      .select()
      .from(dealDocument)
      .where(eq(dealDocument.dealId, created.id))
      .orderBy(dealDocument.slot);
    const response = await get(`/api/portal/documents/${doc!.id}`, vendorA.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename=/);
    const audits = await server.database.db.select().from(auditLog).where(eq(auditLog.subject, doc!.id));
    expect(audits.map((entry) => entry.action)).toEqual(["document.download"]);
  });
});

describe("dashboard and messages", () => {
  it("counts approved and funded deals with their financed totals in SQL", async () => {
    const fresh = await createVendor(server.database, server.auth, "Gamma Tools");
    const { cookie } = await signIn(server.app, fresh.email, fresh.password);
    const ids: string[] = [];
    for (const name of ["one", "two", "three", "four"])
      ids.push(
        (
          await submit(cookie, sampleNewDealFields({ businessName: name, costOfEq: "10,000", downPayment: "1,000" }))
        ).json().id,
      );
    await server.database.db.update(deal).set({ stage: 2, dealScore: 3 }).where(eq(deal.id, ids[0]!));
    await server.database.db.update(deal).set({ stage: 6, dealScore: 2 }).where(eq(deal.id, ids[1]!));
    await server.database.db.update(deal).set({ stage: 0, dealScore: 1 }).where(eq(deal.id, ids[2]!));
    const dashboard = (await get("/api/portal/dashboard", cookie)).json();
    expect(dashboard).toEqual({
      applications: 4,
      approved: { count: 2, total: 18000 },
      funded: { count: 1, total: 9000 },
      tiers: { 1: 25, 2: 25, 3: 25 },
    });
    expect((await get("/api/portal/dashboard?month=13", cookie)).statusCode).toBe(400);
  });

  it("keeps a thread: the vendor writes, waits for the team's answer, then may write again", async () => {
    const created = (await submit(vendorA.cookie, sampleNewDealFields({ businessName: "thread test" }))).json();
    const write = (text: string, uploads: UploadFile[] = []) => {
      const body = multipartBody({ body: text }, uploads);
      return server.app.inject({
        method: "POST",
        url: `/api/portal/deals/${created.id}/messages`,
        payload: body.payload,
        headers: { cookie: vendorA.cookie, origin: testOrigin, "content-type": body.contentType },
      });
    };
    expect(
      (await write("Client can add 10% down.", [{ field: "attachment", name: "note.pdf", content: samplePdf }]))
        .statusCode,
    ).toBe(201);
    expect((await write("Any news?")).statusCode).toBe(409);
    const listed = (await get("/api/portal/deals?month=all", vendorA.cookie))
      .json()
      .deals.find((d: { id: string }) => d.id === created.id);
    expect(listed).toMatchObject({ lastMessageAuthor: "vendor", vendorHasWritten: true });
    const [staff] = await server.database.db.select().from(user).limit(1);
    await postMessage(
      server.database.db,
      { creditTeamEmail: "team@x.example", publicUrl: testOrigin, product: "Test", cipher: server.cipher },
      {
        dealId: created.id,
        businessName: "THREAD TEST",
        author: { userId: staff!.id, role: "staff", email: "staff@x.example" },
        recipient: vendorA.email,
        body: "Thanks, we will update the approval.",
        attachments: [],
        logicalFolder: "x",
      },
    );
    expect((await write("Great, thank you.")).statusCode).toBe(201);
    const thread = (await get(`/api/portal/deals/${created.id}/messages`, vendorA.cookie)).json();
    expect(thread.messages.map((m: { author: string }) => m.author)).toEqual(["vendor", "staff", "vendor"]);
    expect(thread.messages[0].attachments[0].name).toBe("note.pdf");
    expect(thread.documents).toHaveLength(3);
  });
});
