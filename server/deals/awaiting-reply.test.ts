import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
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
import { user } from "../auth/tables.ts";
import { deal, dealMessage } from "./tables.ts";
import { createAccount } from "../accounts/create-account.ts";

// docs/product-rules.md#r14-messages-and-waiting-for-us: "Waiting for us" is kept on the deal (awaiting_reply_since):
// set by the vendor's
// message on every path (the portal, /api/v1, the new deal's comment), cleared by the credit
// team's answer, and the deal list's filter reads it.

let server: TestServer;
let vendorCookie = "";
let staffCookie = "";
let apiKey = "";

beforeAll(async () => {
  server = await startTestServer();
  const vendor = await createVendor(server.database, server.auth, "Waiting Room Rentals");
  vendorCookie = (await signIn(server.app, vendor.email, vendor.password)).cookie;
  await createAccount(server.auth, {
    email: "waiting-staff@lender.example",
    name: "S",
    role: authRoles.staff,
    password: "staff-password-1",
    emailVerified: true,
  });
  staffCookie = (await signIn(server.app, "waiting-staff@lender.example", "staff-password-1")).cookie;
  const key = await server.app.inject({
    method: "POST",
    url: "/api/portal/api-keys",
    headers: { cookie: vendorCookie, origin: testOrigin },
    payload: { name: "DMS" },
    remoteAddress: loopbackAddress(),
  });
  apiKey = (key.json() as { secret: string }).secret;
});
afterAll(() => server?.close());

async function submit(name: string, comment = "") {
  const body = multipartBody(
    { deal: JSON.stringify(sampleNewDealFields({ businessName: name, VendorComment: comment })) },
    [{ field: "client-info", name: "app.pdf", content: samplePdf }],
  );
  const response = await server.app.inject({
    method: "POST",
    url: "/api/portal/deals",
    payload: body.payload,
    headers: { cookie: vendorCookie, origin: testOrigin, "content-type": body.contentType },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

/** A message through the portal (vendor) or the back office (staff): both multipart, field `body`. */
async function write(side: "portal" | "back-office", dealId: string, text: string) {
  const body = multipartBody({ body: text }, []);
  const response = await server.app.inject({
    method: "POST",
    url: `/api/${side}/deals/${dealId}/messages`,
    payload: body.payload,
    headers: {
      cookie: side === "portal" ? vendorCookie : staffCookie,
      origin: testOrigin,
      "content-type": body.contentType,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function writeThroughApi(dealId: string, text: string) {
  const response = await server.app.inject({
    method: "POST",
    url: `/api/v1/deals/${dealId}/messages`,
    remoteAddress: loopbackAddress(),
    headers: { authorization: `Bearer ${apiKey}`, "idempotency-key": randomUUID(), "content-type": "application/json" },
    payload: JSON.stringify({ body: text }),
  });
  expect(response.statusCode, response.body).toBe(201);
}

const waitingSince = async (dealId: string) =>
  (await server.database.db.select({ since: deal.awaitingReplySince }).from(deal).where(eq(deal.id, dealId)))[0]!.since;

const waitingList = async () => {
  const response = await server.app.inject({
    url: "/api/back-office/deals?waiting=1",
    headers: { cookie: staffCookie },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { deals: { id: string; vendorWroteLast: boolean }[] }).deals;
};

describe("waiting for the credit team's answer", () => {
  it("starts with the new deal's comment, ends with the team's answer, and starts again with the vendor's next message", async () => {
    const quiet = await submit("quiet paving");
    const commented = await submit("commented paving", "Client wants 60 months.");
    expect(await waitingSince(quiet)).toBeNull();
    const since = await waitingSince(commented);
    expect(since).toBeInstanceOf(Date);
    expect((await waitingList()).map((row) => row.id)).toEqual([commented]);

    await write("back-office", commented, "Which model?");
    expect(await waitingSince(commented)).toBeNull();
    expect(await waitingList()).toEqual([]);

    await write("portal", commented, "The 2024 one.");
    expect(await waitingSince(commented)).toBeInstanceOf(Date);
    expect(await waitingList()).toEqual([expect.objectContaining({ id: commented, vendorWroteLast: true })]);
    await write("back-office", quiet, "Anything to add?");
    expect(await waitingSince(quiet)).toBeNull();
  });

  it("follows messages written through /api/v1, keeping the first unanswered message's time", async () => {
    const dealId = await submit("api paving");
    await writeThroughApi(dealId, "From our DMS.");
    const first = await waitingSince(dealId);
    expect(first).toBeInstanceOf(Date);
    const second = await server.app.inject({
      method: "POST",
      url: `/api/v1/deals/${dealId}/messages`,
      remoteAddress: loopbackAddress(),
      headers: {
        authorization: `Bearer ${apiKey}`,
        "idempotency-key": randomUUID(),
        "content-type": "application/json",
      },
      payload: JSON.stringify({ body: "And again." }),
    });
    // A second message before the answer is refused or kept: either way the wait started with the first.
    expect([201, 409]).toContain(second.statusCode);
    expect(await waitingSince(dealId)).toEqual(first);
    expect((await waitingList()).map((row) => row.id)).toContain(dealId);
    await write("back-office", dealId, "Got it.");
    expect(await waitingSince(dealId)).toBeNull();
    expect((await waitingList()).map((row) => row.id)).not.toContain(dealId);
  });

  it("is backfilled by migration 0014 from the threads: since the first vendor message after the team's last", async () => {
    const [neverAnswered, answered, answeredThenAsked] = [
      await submit("backfill one"),
      await submit("backfill two"),
      await submit("backfill three"),
    ];
    const [vendorUser] = await server.database.db.select().from(user).where(eq(user.role, authRoles.vendor)).limit(1);
    const [staffUser] = await server.database.db
      .select()
      .from(user)
      .where(eq(user.email, "waiting-staff@lender.example"));
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
    const vendorSays = (dealId: string, minutes: number) => ({
      dealId,
      authorUserId: vendorUser!.id,
      authorRole: "vendor" as const,
      body: "v",
      createdAt: at(minutes),
    });
    const staffSays = (dealId: string, minutes: number) => ({
      dealId,
      authorUserId: staffUser!.id,
      authorRole: "staff" as const,
      body: "s",
      createdAt: at(minutes),
    });
    await server.database.db
      .insert(dealMessage)
      .values([
        vendorSays(neverAnswered, 1),
        vendorSays(neverAnswered, 2),
        vendorSays(answered, 1),
        staffSays(answered, 2),
        vendorSays(answeredThenAsked, 1),
        staffSays(answeredThenAsked, 2),
        vendorSays(answeredThenAsked, 3),
        vendorSays(answeredThenAsked, 4),
      ]);
    const ids = [neverAnswered, answered, answeredThenAsked];
    await server.database.db.update(deal).set({ awaitingReplySince: null }).where(inArray(deal.id, ids));
    const migration = await readFile(
      path.join(import.meta.dirname, "../../drizzle/0014_vendors_list_and_waiting.sql"),
      "utf8",
    );
    const backfill = migration
      .split("--> statement-breakpoint")
      .find((statement) => statement.includes('UPDATE "deal" d SET "awaiting_reply_since"'))!;
    await server.database.db.execute(sql.raw(backfill));
    expect(await waitingSince(neverAnswered)).toEqual(at(1));
    expect(await waitingSince(answered)).toBeNull();
    expect(await waitingSince(answeredThenAsked)).toEqual(at(3));
  });
});
