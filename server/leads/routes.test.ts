import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleCreditApplication } from "../demo/sample-requests.ts";
import { SmtpCatcher } from "../../tests/support/smtp-catcher.ts";
import { queryRows, testDriver } from "../../tests/support/test-database.ts";
import { loopbackAddress, startTestServer, testOrigin, type TestServer } from "../../tests/support/test-server.ts";
import { creditApplication, creditApplicationOwner, footerMessage, vendorContact } from "./tables.ts";
import { mailOutbox } from "../mail/tables.ts";

let server: TestServer;
let smtp: SmtpCatcher;

beforeAll(async () => {
  smtp = await new SmtpCatcher().start();
  server = await startTestServer({ SMTP_URL: smtp.url, CREDIT_TEAM_EMAIL: "team@lender.example" });
});
afterAll(async () => {
  await server?.close();
  await smtp?.stop();
});

const post = (url: string, payload: unknown, remoteAddress = loopbackAddress()) =>
  server.app.inject({
    method: "POST",
    url,
    payload: payload as object,
    remoteAddress,
    headers: { origin: testOrigin },
  });

const footer = (overrides: object = {}) => ({
  nameOfBusiness: "Acme Paving",
  nameUser: "Lee Chan",
  emailUser: "Lee@Acme.example",
  subjectUser: "Do you finance used pavers?",
  idempotencyKey: randomUUID(),
  ...overrides,
});

describe("footer contact form", () => {
  it("stores the message and mails the credit team", async () => {
    const response = await post("/api/leads/footer-message", footer());
    expect(response.statusCode).toBe(201);
    const [row] = await server.database.db.select().from(footerMessage).where(eq(footerMessage.id, response.json().id));
    expect(row).toMatchObject({
      nameUser: "Lee Chan",
      emailUser: "lee@acme.example",
      message: "Do you finance used pavers?",
    });
    const mail = await smtp.waitFor((m) => m.subject === "New website message from Lee Chan");
    expect(mail.to).toEqual(["team@lender.example"]);
    expect(mail.body).toContain("Do you finance used pavers?");
  });

  it("stores and mails a double submit once", async () => {
    const payload = footer({ nameUser: "Twice Sent" });
    const [first, second] = await Promise.all([
      post("/api/leads/footer-message", payload),
      post("/api/leads/footer-message", payload),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().id).toBe(second.json().id);
    const rows = await server.database.db.select().from(footerMessage).where(eq(footerMessage.nameUser, "Twice Sent"));
    expect(rows).toHaveLength(1);
    const mails = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, "New website message from Twice Sent"));
    expect(mails).toHaveLength(1);
  });

  it.each([
    ["a bad e-mail", { emailUser: "not-an-email" }],
    ["an empty message", { subjectUser: "   " }],
    ["a filled honeypot", { leaveEmpty: "http://spam.example" }],
    ["a missing key", { idempotencyKey: undefined }],
    ["a wrong type", { nameUser: 42 }],
  ])("refuses %s with a 400 and stores nothing", async (_case, overrides) => {
    const payload = footer({ nameUser: `Refused ${randomUUID()}`, ...overrides });
    const response = await post("/api/leads/footer-message", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("VALIDATION_FAILED");
    const rows = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from footer_message where name_user = ${String(payload.nameUser)}`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it("limits submissions per address", async () => {
    const address = loopbackAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await post("/api/leads/footer-message", footer(), address)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("vendor contact dialog", () => {
  it("stores the four fields and mails the credit team", async () => {
    const response = await post("/api/leads/vendor-contact", {
      businessName: "Summit Trailers",
      contactName: "Ana Ruiz",
      phoneNumber: "(555) 010-2233",
      email: "ana@summit.example",
      idempotencyKey: randomUUID(),
    });
    expect(response.statusCode).toBe(201);
    const [row] = await server.database.db.select().from(vendorContact).where(eq(vendorContact.id, response.json().id));
    expect(row).toMatchObject({ businessName: "Summit Trailers", phoneNumber: "(555) 010-2233" });
    await smtp.waitFor((m) => m.subject === "New vendor sign-up request: Summit Trailers");
  });

  it("refuses a phone number that is not (###) ###-####", async () => {
    const response = await post("/api/leads/vendor-contact", {
      businessName: "X",
      contactName: "Y",
      phoneNumber: "5550102233",
      email: "y@x.example",
      idempotencyKey: randomUUID(),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("credit application", () => {
  it("stores both owners with SSN and tax id encrypted, and mails the team without them", async () => {
    const application = sampleCreditApplication();
    const response = await post("/api/leads/credit-application", application);
    expect(response.statusCode).toBe(201);
    expect(response.headers["cache-control"]).toBe("no-store");
    const id = response.json().id as string;

    const [stored] = await server.database.db.select().from(creditApplication).where(eq(creditApplication.id, id));
    expect(stored).toMatchObject({
      businessName: "Granite Peak Excavation LLC",
      costOfEquipment: 185000,
      annualGrossRevenue: 1250000,
      fedIdLast4: "4321",
    });
    expect(server.cipher.decrypt(stored!.fedIdEncrypted!)).toBe("98-7654321");
    const owners = await server.database.db
      .select()
      .from(creditApplicationOwner)
      .where(eq(creditApplicationOwner.applicationId, id))
      .orderBy(creditApplicationOwner.position);
    expect(owners.map((owner) => [owner.name, owner.ownershipPercent, owner.ssnLast4])).toEqual([
      ["Maria Lopez", 60, "4207"],
      ["Daniel Reyes", 40, "3378"],
    ]);
    expect(owners.map((owner) => server.cipher.decrypt(owner.ssnEncrypted))).toEqual(["531-86-4207", "612-49-3378"]);

    const mail = await smtp.waitFor((m) => m.subject === "New credit application: Granite Peak Excavation LLC");
    for (const secret of ["531-86-4207", "531864207", "612-49-3378", "98-7654321", "987654321"])
      expect(mail.raw).not.toContain(secret);
    expect(server.logs()).not.toContain("531-86-4207");
  });

  it("keeps no SSN or tax id in clear text anywhere in the database, saved drafts included", async () => {
    await post("/api/leads/credit-application", sampleCreditApplication());
    // A draft saved with "Save and finish later" (docs/product-rules.md#r6-save-and-finish-later): its SSN and tax id
    // are encrypted too.
    const saved = await post("/api/leads/credit-application-drafts", {
      email: "draft@granite.example",
      draft: { BusinessName: "Granite Draft", ssn: "538-71-2946", FedId: "97-1234568" },
    });
    expect(saved.statusCode).toBe(201);
    const tables = await queryRows<{ table_name: string }>(
      server.database.db,
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    let everything = "";
    for (const { table_name } of tables) {
      const rows = await queryRows<{ row: string }>(
        server.database.db,
        sql.raw(`select t::text as row from "${table_name}" t`),
      );
      everything += rows.map((row) => row.row).join("\n");
    }
    expect(everything).toContain("Granite Peak");
    for (const secret of [
      "531-86-4207",
      "531864207",
      "612-49-3378",
      "98-7654321",
      "987654321",
      "538-71-2946",
      "538712946",
      "97-1234568",
    ])
      expect(everything).not.toContain(secret);
    if (testDriver === "pglite") {
      const files = Buffer.from(await (await server.database.pglite!.dumpDataDir("none")).arrayBuffer());
      expect(files.includes("Granite Peak")).toBe(true);
      for (const secret of ["531-86-4207", "612-49-3378", "98-7654321", "538-71-2946", "97-1234568"])
        expect(files.includes(secret)).toBe(false);
    }
  });

  it("requires the second owner's fields once the second owner is added", async () => {
    const response = await post(
      "/api/leads/credit-application",
      sampleCreditApplication({ ssn2: "", homeZipcode2: "123" }),
    );
    expect(response.statusCode).toBe(400);
    const paths = (response.json().details as { path: string }[]).map((detail) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(["/ssn2", "/homeZipcode2"]));
  });

  it("accepts an application without a second owner and ignores the empty fields", async () => {
    const response = await post(
      "/api/leads/credit-application",
      sampleCreditApplication({
        hasSecondOwner: false,
        ssn2: "",
        contactName2: "",
        FedId: "",
        COE: "",
        VendorName: "",
        vendorEmail: "",
        vendorPhoneNumber: "",
      }),
    );
    expect(response.statusCode).toBe(201);
    const owners = await server.database.db
      .select()
      .from(creditApplicationOwner)
      .where(eq(creditApplicationOwner.applicationId, response.json().id));
    expect(owners).toHaveLength(1);
  });

  it.each([
    ["a 4-digit ZIP", { businessZipCode: "9365" }],
    ["a malformed SSN", { ssn: "531864207" }],
    ["ownership over 100", { ownership: "101" }],
    ["no acceptance", { acceptCheck: false }],
    ["a start date in the future", { businessStarted: "2999-01-01" }],
  ])("refuses %s", async (_case, overrides) => {
    expect((await post("/api/leads/credit-application", sampleCreditApplication(overrides))).statusCode).toBe(400);
  });
});
