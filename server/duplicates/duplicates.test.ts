import { randomUUID } from "node:crypto";
import { eq, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { sampleCalculatorLead, sampleCreditApplication, sampleNewDealFields } from "../demo/sample-requests.ts";
import { multipartBody, samplePdf } from "../../tests/support/multipart.ts";
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
import { duplicateLink, duplicateMatchKey } from "./tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { sql } from "drizzle-orm";
import { createAccount } from "../accounts/create-account.ts";
import { backfillMatchKeys } from "../leads/backfill-match-keys.ts";
import { recordDuplicates } from "./record-duplicates.ts";

let server: TestServer;
let staff: string;
let vendorA: string;
let vendorB: string;
let vendorBEmail: string;

beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server.auth, {
    email: "dup-staff@lender.example",
    name: "Dee Staff",
    role: authRoles.staff,
    password: "staff-password-1",
    emailVerified: true,
  });
  staff = (await signIn(server.app, "dup-staff@lender.example", "staff-password-1")).cookie;
  const a = await createVendor(server.database, server.auth, "Alpha Dealers");
  const b = await createVendor(server.database, server.auth, "Bravo Dealers");
  vendorA = (await signIn(server.app, a.email, a.password)).cookie;
  vendorB = (await signIn(server.app, b.email, b.password)).cookie;
  vendorBEmail = b.email;
});
afterAll(() => server?.close());

const call = (method: "GET" | "POST", url: string, payload?: object, cookie = staff) =>
  server.app.inject({
    method,
    url,
    payload,
    headers: { cookie, origin: testOrigin },
    remoteAddress: loopbackAddress(),
  });

async function submitDeal(cookie: string, overrides: Record<string, string>) {
  const body = multipartBody({ deal: JSON.stringify(sampleNewDealFields(overrides)) }, [
    { field: "client-info", name: "app.pdf", content: samplePdf },
  ]);
  const response = await server.app.inject({
    method: "POST",
    url: "/api/portal/deals",
    payload: body.payload,
    headers: { cookie, origin: testOrigin, "content-type": body.contentType },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

const linksOf = (id: string) =>
  server.database.db
    .select()
    .from(duplicateLink)
    .where(or(eq(duplicateLink.newerId, id), eq(duplicateLink.earlierId, id)));

describe("a business applying twice is linked for staff", () => {
  it("links a credit application and a deal of the same tax id (only the hash is stored), and staff merge it, audited", async () => {
    const application = await server.app.inject({
      method: "POST",
      url: "/api/leads/credit-application",
      payload: sampleCreditApplication({
        FedId: "71-2345678",
        businessEmail: "first@dup-one.example",
        businessPhone: "(559) 555-7001",
      }),
      remoteAddress: "10.8.0.1",
    });
    const applicationId = application.json().id as string;
    const dealId = await submitDeal(vendorB, {
      businessName: "dup one trucking",
      businessTaxId: "71-2345678",
      businessEmail: "other@dup-one.example",
      businessPhone: "559 555 7999",
    });
    const [link] = await linksOf(dealId);
    expect(link).toMatchObject({
      newerType: "deal",
      newerId: dealId,
      earlierType: "credit-application",
      earlierId: applicationId,
      reasons: ["tax-id"],
      status: "open",
    });

    const keys = await server.database.db
      .select()
      .from(duplicateMatchKey)
      .where(eq(duplicateMatchKey.recordId, dealId));
    expect(keys.map((key) => key.kind).sort()).toEqual(["email", "phone", "tax-id"]);
    for (const key of keys) {
      expect(key.keyHash).not.toContain("712345678");
      expect(key.keyHash).not.toContain("2345678");
      expect(key.keyHash).not.toContain("dup-one");
      expect(key.keyHash).toBe(
        server.cipher.lookupHash(
          `${key.kind}:${key.kind === "tax-id" ? "712345678" : key.kind === "email" ? "other@dup-one.example" : "5595557999"}`,
        ),
      );
    }
    const dump = await queryRows<Record<string, unknown>>(
      server.database.db,
      sql`select * from duplicate_match_key union all select * from duplicate_match_key`,
    );
    expect(JSON.stringify(dump)).not.toMatch(/71-?2345678|other@dup-one/);

    const listed = (await call("GET", "/api/back-office/duplicates")).json().links as {
      id: string;
      newer: { title: string };
      earlier: { title: string };
    }[];
    const shown = listed.find((each) => each.id === link!.id)!;
    expect(shown.newer.title).toBe("DUP ONE TRUCKING (deal " + shown.newer.title.split("deal ")[1]);
    expect(shown.earlier.title).toBe("Granite Peak Excavation LLC (credit application)");
    expect(
      (await call("GET", `/api/back-office/duplicates/credit-application/${applicationId}`)).json().links,
    ).toHaveLength(1);

    const merged = await call("POST", `/api/back-office/duplicates/${link!.id}/decision`, { decision: "merge" });
    expect(merged.json()).toMatchObject({ status: "merged", decidedBy: "Dee Staff" });
    expect(
      (await call("POST", `/api/back-office/duplicates/${link!.id}/decision`, { decision: "dismiss" })).statusCode,
    ).toBe(409);
    expect(
      (await call("POST", `/api/back-office/duplicates/${randomUUID()}/decision`, { decision: "dismiss" })).statusCode,
    ).toBe(404);
    const audits = await server.database.db.select().from(auditLog).where(eq(auditLog.subject, link!.id));
    expect(audits.map((entry) => entry.action)).toEqual(["duplicate.merge"]);
  });

  it("links by e-mail (any case) or phone (any format), from a calculator lead too, and staff dismiss it", async () => {
    const first = await submitDeal(vendorA, {
      businessName: "dup two farms",
      businessTaxId: "",
      businessEmail: "owner@dup-two.example",
      businessPhone: "(559) 555-7002",
    });
    const calculator = await server.app.inject({
      method: "POST",
      url: "/api/leads/calculator",
      payload: sampleCalculatorLead({
        ownersEmail: "OWNER@dup-two.example",
        OwnersPhoneNumber: "(559) 555-7002",
        idempotencyKey: randomUUID(),
      }),
      remoteAddress: "10.8.0.2",
      headers: { origin: testOrigin },
    });
    expect(calculator.statusCode).toBe(201);
    const [link] = await linksOf(calculator.json().id as string);
    expect(link).toMatchObject({
      newerType: "calculator",
      earlierType: "deal",
      earlierId: first,
      reasons: ["email", "phone"],
    });
    expect(
      (await call("POST", `/api/back-office/duplicates/${link!.id}/decision`, { decision: "dismiss" })).json().status,
    ).toBe("dismissed");
  });

  it("looks back 90 days and no further", async () => {
    const now = new Date();
    const old = { type: "credit-application" as const, id: randomUUID(), email: "window@dup-three.example" };
    const inside = { type: "credit-application" as const, id: randomUUID(), email: "inside@dup-three.example" };
    await recordDuplicates(server.database.db, server.cipher, old, new Date(now.getTime() - 91 * 86_400_000));
    await recordDuplicates(server.database.db, server.cipher, inside, new Date(now.getTime() - 89 * 86_400_000));
    expect(
      await recordDuplicates(
        server.database.db,
        server.cipher,
        { type: "deal", id: randomUUID(), email: "window@dup-three.example" },
        now,
      ),
    ).toBe(0);
    expect(
      await recordDuplicates(
        server.database.db,
        server.cipher,
        { type: "deal", id: randomUUID(), email: "Inside@dup-three.example" },
        now,
      ),
    ).toBe(1);
  });

  it("tells no vendor: the other vendor's portal answers and mails carry no trace of the earlier files", async () => {
    const direct = await server.app.inject({
      method: "POST",
      url: "/api/leads/credit-application",
      payload: sampleCreditApplication({
        BusinessName: "Secret Direct Applicant LLC",
        FedId: "73-1111111",
        businessEmail: "secret@dup-four.example",
      }),
      remoteAddress: "10.8.0.3",
    });
    const directId = direct.json().id as string;
    const aDeal = await submitDeal(vendorA, {
      businessName: "alpha copy of four",
      businessTaxId: "73-1111111",
      businessEmail: "alpha@dup-four.example",
    });
    const bDeal = await submitDeal(vendorB, {
      businessName: "bravo copy of four",
      businessTaxId: "73-1111111",
      businessEmail: "bravo@dup-four.example",
    });
    expect((await linksOf(bDeal)).length).toBe(2);

    const answers = [
      await call("GET", `/api/portal/deals/${bDeal}`, undefined, vendorB),
      await call("GET", "/api/portal/deals", undefined, vendorB),
      await call("GET", `/api/portal/deals/${bDeal}/messages`, undefined, vendorB),
      await call("GET", "/api/portal/dashboard", undefined, vendorB),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      for (const trace of [
        directId,
        aDeal,
        "Secret Direct",
        "ALPHA COPY",
        "Alpha Dealers",
        "duplicate",
        'dup-four.example","earlier',
      ])
        expect(answer.body).not.toContain(trace);
    }
    expect((await call("GET", `/api/back-office/duplicates/deal/${bDeal}`, undefined, vendorB)).statusCode).toBe(403);
    const mails = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, vendorBEmail));
    for (const mail of mails) expect(mail.text + mail.html).not.toMatch(/Secret Direct|ALPHA COPY|duplicate/i);
  });
});

describe("records stored before duplicates were kept", () => {
  it("get their match keys and links from the backfill, once", async () => {
    const application = await server.app.inject({
      method: "POST",
      url: "/api/leads/credit-application",
      payload: sampleCreditApplication({
        FedId: "74-5550001",
        businessEmail: "before@dup-five.example",
        businessPhone: "(559) 555-7501",
      }),
      remoteAddress: "10.8.0.5",
    });
    const applicationId = application.json().id as string;
    const dealId = await submitDeal(vendorA, {
      businessName: "dup five grading",
      businessTaxId: "74-5550001",
      businessEmail: "deal@dup-five.example",
      businessPhone: "559 555 7599",
    });
    // As they would be had they arrived before the feature: no keys, no link.
    for (const id of [applicationId, dealId]) {
      await server.database.db.delete(duplicateMatchKey).where(eq(duplicateMatchKey.recordId, id));
      await server.database.db
        .delete(duplicateLink)
        .where(or(eq(duplicateLink.newerId, id), eq(duplicateLink.earlierId, id)));
    }

    const first = await backfillMatchKeys(server.database.db, server.cipher);
    expect(first.records).toBeGreaterThanOrEqual(2);
    const [link] = await linksOf(dealId);
    expect(link).toMatchObject({
      newerType: "deal",
      newerId: dealId,
      earlierType: "credit-application",
      earlierId: applicationId,
      status: "open",
    });
    expect(link!.reasons).toEqual(["tax-id"]);
    const keys = await server.database.db
      .select()
      .from(duplicateMatchKey)
      .where(eq(duplicateMatchKey.recordId, dealId));
    expect(keys.map((key) => key.kind).sort()).toEqual(["email", "phone", "tax-id"]);
    expect(JSON.stringify(keys)).not.toContain("5550001");

    expect(await backfillMatchKeys(server.database.db, server.cipher)).toEqual({ records: 0, links: 0 });
  });
});

describe("the same owner applying for another business", () => {
  const owner = { ssn: "777-12-3456", homePhoneNumber: "(559) 555-7611", homeEmail: "Olive@Owner-Six.example" };
  async function apply(business: string, digit: string, owners: Record<string, string>) {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/leads/credit-application",
      payload: sampleCreditApplication({
        BusinessName: business,
        FedId: `76-000000${digit}`,
        businessEmail: `office@dup-six-${digit}.example`,
        businessPhone: `(559) 555-76${digit}0`,
        ssn2: `600-00-000${digit}`,
        homePhoneNumber2: `(559) 555-77${digit}0`,
        homeEmail2: `partner${digit}@dup-six.example`,
        ...owners,
      }),
      remoteAddress: `10.8.6.${digit}`,
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  }

  it("links a second business's application to the first by the owner's SSN, home phone and home e-mail (hashes only), shown as the same owner", async () => {
    const first = await apply("Olive Orchards LLC", "1", owner);
    const second = await apply("Olive Trucking LLC", "2", { ...owner, homeEmail: "OLIVE@Owner-Six.example" });
    expect(await linksOf(second)).toEqual([
      expect.objectContaining({
        newerId: second,
        earlierId: first,
        reasons: ["owner-ssn", "owner-phone", "owner-email"],
        status: "open",
      }),
    ]);
    const listed = (await call("GET", `/api/back-office/duplicates/credit-application/${second}`)).json().links as {
      earlier: { title: string };
      reasons: string[];
    }[];
    expect(listed).toEqual([
      expect.objectContaining({
        earlier: expect.objectContaining({ title: "Olive Orchards LLC (credit application)" }),
        reasons: ["owner-ssn", "owner-phone", "owner-email"],
      }),
    ]);
    const sameSsnOnly = await apply("Olive Paving LLC", "3", {
      ssn: owner.ssn,
      homePhoneNumber: "(559) 555-7633",
      homeEmail: "paving@dup-six.example",
    });
    expect((await linksOf(sameSsnOnly)).map((link) => [link.earlierId, link.reasons])).toEqual(
      expect.arrayContaining([
        [first, ["owner-ssn"]],
        [second, ["owner-ssn"]],
      ]),
    );

    const keys = await server.database.db.select().from(duplicateMatchKey).where(eq(duplicateMatchKey.recordId, first));
    expect(keys.map((key) => key.kind).sort()).toEqual([
      "email",
      "owner-email",
      "owner-email",
      "owner-phone",
      "owner-phone",
      "owner-ssn",
      "owner-ssn",
      "phone",
      "tax-id",
    ]);
    expect(
      keys.find((key) => key.kind === "owner-ssn" && key.keyHash === server.cipher.lookupHash("owner-ssn:777123456")),
    ).toBeDefined();
    expect(JSON.stringify(keys)).not.toMatch(/777-?12-?3456|owner-six|5557611/);
  });

  it("links, through the backfill, an application stored before owners were matched to the later one of the same owner", async () => {
    const before = await apply("Quince Grading LLC", "4", {
      ssn: "777-44-0004",
      homePhoneNumber: "(559) 555-7644",
      homeEmail: "quince@dup-six.example",
    });
    // As it would be had it arrived before owners were matched: its business keys only.
    await server.database.db
      .delete(duplicateMatchKey)
      .where(sql`${duplicateMatchKey.recordId} = ${before} and ${duplicateMatchKey.kind} like 'owner-%'`);
    const after = await apply("Quince Hauling LLC", "5", {
      ssn: "777-44-0004",
      homePhoneNumber: "(559) 555-7655",
      homeEmail: "hauling@dup-six.example",
    });
    expect(await linksOf(after)).toEqual([]);

    const run = await backfillMatchKeys(server.database.db, server.cipher);
    expect(run.records).toBe(1);
    expect(await linksOf(before)).toEqual([
      expect.objectContaining({ newerId: after, earlierId: before, reasons: ["owner-ssn"] }),
    ]);
    const keys = await server.database.db
      .select()
      .from(duplicateMatchKey)
      .where(eq(duplicateMatchKey.recordId, before));
    expect(keys.map((key) => key.kind).sort()).toEqual([
      "email",
      "owner-email",
      "owner-email",
      "owner-phone",
      "owner-phone",
      "owner-ssn",
      "owner-ssn",
      "phone",
      "tax-id",
    ]);
    expect(await backfillMatchKeys(server.database.db, server.cipher)).toEqual({ records: 0, links: 0 });
  });
});
