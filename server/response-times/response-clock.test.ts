import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { businessHoursDueAt, responseDueAt, stipReviewMinutes } from "#domain/response-times/response-promise.ts";
import { defaultBrand } from "#domain/site/brand.ts";
import { sampleCalculatorLead, sampleNewDealFields } from "../demo/sample-requests.ts";
import { multipartBody, samplePdf } from "../../tests/support/multipart.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
import { user } from "../auth/tables.ts";
import { responseClock } from "./tables.ts";
import { createAccount } from "../accounts/create-account.ts";
import { promiseBoard } from "./promise-board.ts";
import { recordFirstContact, startStipReviewClock } from "./response-clock.ts";
import { indexAllArrivedLeads } from "./index-arrived-leads.ts";
import { deal } from "../deals/tables.ts";
import { dealStip } from "../stips/tables.ts";

let server: TestServer;
let staffCookie: string;
let staffId: string;
let vendor: { cookie: string; email: string };

beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server.auth, {
    email: "clock@lender.example",
    name: "Cleo Clock",
    role: authRoles.staff,
    password: "staff-password-1",
    emailVerified: true,
  });
  staffCookie = (await signIn(server.app, "clock@lender.example", "staff-password-1")).cookie;
  const created = await createVendor(server.database, server.auth, "Clockwork Equipment");
  vendor = { cookie: (await signIn(server.app, created.email, created.password)).cookie, email: created.email };
  staffId = (
    await server.database.db.select({ id: user.id }).from(user).where(eq(user.email, "clock@lender.example"))
  )[0]!.id;
});
afterAll(() => server?.close());

const inject = (method: "GET" | "POST" | "PATCH", url: string, cookie: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    payload,
    headers: { cookie, origin: testOrigin },
    remoteAddress: loopbackAddress(),
  });

/** A lead's clock is written by the intake's pass after the lead's commit (index-arrived-leads.ts): run it first. */
const clockOf = async (id: string) => {
  await indexAllArrivedLeads(server.database.db);
  return (await server.database.db.select().from(responseClock).where(eq(responseClock.subjectId, id)))[0]!;
};

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

describe("the promise clock", () => {
  it("starts with each lead, after its commit, with its source and due time; a repeat starts none", async () => {
    const footer = {
      nameOfBusiness: "",
      nameUser: "Nia",
      emailUser: "nia@example.com",
      subjectUser: "Call me",
      idempotencyKey: randomUUID(),
    };
    const first = (await inject("POST", "/api/leads/footer-message", "", footer)).json().id as string;
    expect((await inject("POST", "/api/leads/footer-message", "", footer)).json().id).toBe(first);
    const clock = await clockOf(first);
    const timeZone = server.config.public.brand.timeZone;
    expect(clock).toMatchObject({
      subjectKind: "lead",
      subjectType: "footer-message",
      source: "contact-form",
      firstContactAt: null,
    });
    expect(clock.dueAt).toEqual(responseDueAt(clock.arrivedAt, 30, timeZone));
    const count = (await server.database.db.execute(
      sql`select count(*)::int as n from response_clock where subject_id = ${first}`,
    )) as unknown as { rows: { n: number }[] };
    expect(count.rows[0]!.n).toBe(1);

    const partner = (
      await inject("POST", "/api/leads/calculator", "", sampleCalculatorLead({ partnerSlug: "Apronto_Dental" }))
    ).json().id as string;
    const direct = (await inject("POST", "/api/leads/calculator", "", sampleCalculatorLead())).json().id as string;
    expect((await clockOf(partner)).source).toBe("partner-link");
    expect((await clockOf(direct)).source).toBe("calculator");
  });

  it("stops at a lead's first status change off new, not at an assignee or a note, and not again later", async () => {
    const id = (
      await inject("POST", "/api/leads/footer-message", "", {
        nameOfBusiness: "",
        nameUser: "Ola",
        emailUser: "ola@example.com",
        subjectUser: "Hi",
        idempotencyKey: randomUUID(),
      })
    ).json().id;
    await inject("PATCH", `/api/back-office/leads/footer-message/${id}`, staffCookie, {
      assigneeUserId: staffId,
      notes: "Will call",
    });
    expect((await clockOf(id)).firstContactAt).toBeNull();
    await inject("PATCH", `/api/back-office/leads/footer-message/${id}`, staffCookie, { status: "contacted" });
    const contacted = await clockOf(id);
    expect(contacted.firstContactAt).not.toBeNull();
    expect(contacted.firstContactBy).toBe(staffId);
    await inject("PATCH", `/api/back-office/leads/footer-message/${id}`, staffCookie, { status: "new" });
    await inject("PATCH", `/api/back-office/leads/footer-message/${id}`, staffCookie, { status: "closed" });
    expect((await clockOf(id)).firstContactAt).toEqual(contacted.firstContactAt);
  });

  it("starts with a vendor's deal (60 minutes) and stops at the credit team's first change or message, not the vendor's", async () => {
    const timeZone = server.config.public.brand.timeZone;
    const changed = await submitDeal("clock change paving");
    const clock = await clockOf(changed);
    expect(clock).toMatchObject({
      subjectKind: "deal",
      subjectType: "deal",
      source: "vendor-deal",
      firstContactAt: null,
    });
    expect(clock.dueAt).toEqual(responseDueAt(clock.arrivedAt, 60, timeZone));
    await inject("PATCH", `/api/back-office/deals/${changed}`, staffCookie, { notes: "Looking at it" });
    expect((await clockOf(changed)).firstContactBy).toBe(staffId);

    const messaged = await submitDeal("clock message paving");
    const vendorMessage = multipartBody({ body: "Any news?" }, []);
    await server.app.inject({
      method: "POST",
      url: `/api/portal/deals/${messaged}/messages`,
      payload: vendorMessage.payload,
      headers: { cookie: vendor.cookie, origin: testOrigin, "content-type": vendorMessage.contentType },
    });
    expect((await clockOf(messaged)).firstContactAt).toBeNull();
    const staffMessage = multipartBody({ body: "Tomorrow" }, []);
    const answered = await server.app.inject({
      method: "POST",
      url: `/api/back-office/deals/${messaged}/messages`,
      payload: staffMessage.payload,
      headers: { cookie: staffCookie, origin: testOrigin, "content-type": staffMessage.contentType },
    });
    expect(answered.statusCode).toBeLessThan(300);
    expect((await clockOf(messaged)).firstContactBy).toBe(staffId);
  });

  it("the migration's SQL rule (backfill, bench) agrees with the domain's, across weekends and clock changes", async () => {
    const zone = "America/Los_Angeles";
    // Every 37 minutes over two weeks around each 2026 clock change.
    const result = (await server.database.db.execute(sql`
      select a, response_due_at(a, ${zone}, 30) as due
      from (select s + n * interval '37 minutes' as a from unnest(array['2026-03-01T00:00:00Z', '2026-10-25T00:00:00Z']::timestamptz[]) s, generate_series(0, 544) n) t`)) as unknown as {
      rows: { a: string | Date; due: string | Date }[];
    };
    expect(result.rows).toHaveLength(1090);
    const mismatches = result.rows
      .filter((row) => new Date(row.due).getTime() !== responseDueAt(new Date(row.a), 30, zone).getTime())
      .map((row) => new Date(row.a).toISOString());
    expect(mismatches).toEqual([]);
  });
});

describe("the response-times board", () => {
  it("computes median, 90th percentile and the share kept by day, by source and in total, and lists what is overdue now", async () => {
    const db = server.database.db;
    // A known set on 2020-06-01 and 2020-06-02 (Mon, Tue), 10:00 in Los Angeles, deals so the leads above do not mix
    // in.
    const day1 = new Date("2020-06-01T17:00:00Z");
    const day2 = new Date("2020-06-02T17:00:00Z");
    const minutes = (at: Date, count: number) => new Date(at.getTime() + count * 60_000);
    const rows = [
      // day 1, vendor-deal: waits 10, 20, 30, 40, 100 minutes; due after 60 -> 4 kept, 1 missed
      ...[10, 20, 30, 40, 100].map((wait) => ({ at: day1, source: "vendor-deal", wait })),
      // day 2, questionnaire (a source for the test): waits 5 and 90; one never contacted (missed, overdue now)
      { at: day2, source: "questionnaire", wait: 5 },
      { at: day2, source: "questionnaire", wait: 90 },
      { at: day2, source: "questionnaire", wait: null },
    ];
    const ids = rows.map(() => randomUUID());
    await db.insert(responseClock).values(
      rows.map((row, index) => ({
        subjectKind: "deal" as const,
        subjectType: "deal",
        subjectId: ids[index]!,
        source: row.source,
        arrivedAt: row.at,
        dueAt: minutes(row.at, 60),
        firstContactAt: row.wait === null ? null : minutes(row.at, row.wait),
      })),
    );
    const now = new Date("2020-06-10T00:00:00Z");
    const board = await promiseBoard(db, { kind: "deal", from: "2020-06-01", to: "2020-06-02" }, now, {
      timeZone: "America/Los_Angeles",
      promisedMinutes: 60,
    });
    // Percentiles interpolate as percentile_cont does, over waits read from minute buckets (each
    // whole-minute wait at its minute's middle, +0.5): 5, 10, 20, 30, 40, 90, 100 -> median 30.5,
    // p90 = 90.5 + 0.4 * 10 = 94.5.
    expect(board.total).toEqual({
      arrived: 8,
      contacted: 7,
      waiting: 0,
      kept: 5,
      missed: 3,
      keptShare: 5 / 8,
      medianMinutes: 30.5,
      p90Minutes: 94.5,
    });
    expect(board.byDay).toEqual([
      {
        day: "2020-06-01",
        arrived: 5,
        contacted: 5,
        waiting: 0,
        kept: 4,
        missed: 1,
        keptShare: 0.8,
        medianMinutes: 30.5,
        p90Minutes: 76.5,
      },
      {
        day: "2020-06-02",
        arrived: 3,
        contacted: 2,
        waiting: 0,
        kept: 1,
        missed: 2,
        keptShare: 1 / 3,
        medianMinutes: 48,
        p90Minutes: 82,
      },
    ]);
    expect(board.bySource.map((row) => [row.source, row.arrived, row.kept, row.missed])).toEqual([
      ["vendor-deal", 5, 4, 1],
      ["questionnaire", 3, 1, 2],
    ]);
    expect(board.overdue.count).toBeGreaterThanOrEqual(1);
    expect(board.overdue.items.find((item) => item.id === ids[7])).toMatchObject({
      type: "deal",
      source: "questionnaire",
      dueAt: minutes(day2, 60).toISOString(),
    });
    // A day outside the range is left out; nothing arrived gives empty groups.
    const empty = await promiseBoard(db, { kind: "deal", from: "2019-01-01", to: "2019-01-02" }, now, {
      timeZone: "America/Los_Angeles",
      promisedMinutes: 60,
    });
    expect(empty.total).toEqual({
      arrived: 0,
      contacted: 0,
      waiting: 0,
      kept: 0,
      missed: 0,
      keptShare: null,
      medianMinutes: null,
      p90Minutes: null,
    });
    expect(empty.byDay).toEqual([]);
  });

  it("answers staff over HTTP, refuses vendors and ranges over 92 days", async () => {
    expect(
      (await inject("GET", "/api/back-office/response-times?kind=lead&from=2026-01-01&to=2026-12-31", staffCookie))
        .statusCode,
    ).toBe(400);
    const board = await inject(
      "GET",
      "/api/back-office/response-times?kind=lead&from=2026-01-01&to=2026-03-31",
      staffCookie,
    );
    expect(board.statusCode).toBe(200);
    expect(board.headers["cache-control"]).toBe("no-store");
    expect(board.json().promisedMinutes).toBe(30);
    expect(
      (await inject("GET", "/api/back-office/response-times?kind=deal&from=2026-01-01&to=2026-01-31", vendor.cookie))
        .statusCode,
    ).toBe(403);
  });
});

describe("a stip's review clock", () => {
  const timeZone = defaultBrand.timeZone;

  async function receivedStip(businessName: string, name: string) {
    const dealId = await submitDeal(businessName);
    const [stip] = await server.database.db
      .insert(dealStip)
      .values({ dealId, name, satisfiedBy: "dealer", status: "received", receivedAt: new Date() })
      .returning({ id: dealStip.id });
    const [found] = await server.database.db
      .select({ accountNumber: deal.accountNumber })
      .from(deal)
      .where(eq(deal.id, dealId));
    return { dealId, stipId: stip!.id, accountNumber: found!.accountNumber };
  }

  it("starts when a stip is received (4 business hours), shows it overdue on the board, stops at its review and starts again when received again", async () => {
    const { dealId, stipId, accountNumber } = await receivedStip("Stip Clock Paving", "Equipment invoice");
    const before = Date.now();
    await startStipReviewClock(server.database.db, timeZone, { id: stipId, from: "dealer" });
    const started = await clockOf(stipId);
    expect(started).toMatchObject({ subjectKind: "stip", subjectType: "stip", source: "stip-dealer" });
    expect(started.arrivedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(started.dueAt).toEqual(businessHoursDueAt(started.arrivedAt, stipReviewMinutes, timeZone));
    expect(started.firstContactAt).toBeNull();
    // More files on a stip still waiting leave its clock as it is.
    await startStipReviewClock(server.database.db, timeZone, { id: stipId, from: "applicant" });
    expect(await clockOf(stipId)).toEqual(started);

    // Past its due time: overdue on the board's stip kind, titled by the stip and its deal, linked to the deal.
    const arrivedAt = new Date("2021-03-01T17:00:00Z"); // Monday 09:00 in Los Angeles
    await server.database.db
      .update(responseClock)
      .set({ arrivedAt, dueAt: businessHoursDueAt(arrivedAt, stipReviewMinutes, timeZone) })
      .where(eq(responseClock.subjectId, stipId));
    const board = async () =>
      promiseBoard(server.database.db, { kind: "stip", from: "2021-03-01", to: "2021-03-01" }, new Date(), {
        timeZone,
        promisedMinutes: stipReviewMinutes,
      });
    const overdue = await board();
    expect(overdue.kind).toBe("stip");
    expect(overdue.total).toMatchObject({ arrived: 1, contacted: 0, missed: 1, waiting: 0 });
    expect(overdue.bySource.map((row) => [row.source, row.arrived])).toEqual([["stip-dealer", 1]]);
    expect(overdue.overdue.items.find((item) => item.id === stipId)).toEqual({
      type: "stip",
      id: stipId,
      dealId,
      source: "stip-dealer",
      title: `Equipment invoice — STIP CLOCK PAVING (${accountNumber})`, // deals keep business names upper-case
      arrivedAt: arrivedAt.toISOString(),
      dueAt: "2021-03-01T21:00:00.000Z",
    });

    // Reviewed (accepted, rejected or waived): the clock stops once, counted as contacted (and missed).
    await recordFirstContact(server.database.db, { type: "stip", id: stipId }, staffId);
    const reviewed = await clockOf(stipId);
    expect(reviewed.firstContactBy).toBe(staffId);
    const after = await board();
    expect(after.total).toMatchObject({ arrived: 1, contacted: 1, kept: 0, missed: 1 });
    expect(after.overdue.items.some((item) => item.id === stipId)).toBe(false);

    // Received again after its review (a rejected stip sent again): a new clock from now.
    await startStipReviewClock(server.database.db, timeZone, { id: stipId, from: "applicant" });
    const again = await clockOf(stipId);
    expect(again).toMatchObject({ source: "stip-applicant", firstContactAt: null, firstContactBy: null });
    expect(again.arrivedAt.getTime()).toBeGreaterThan(arrivedAt.getTime());
    expect(again.dueAt).toEqual(businessHoursDueAt(again.arrivedAt, stipReviewMinutes, timeZone));
    // The rollups took the first arrival back: that day has nothing left.
    expect((await board()).total.arrived).toBe(0);
  });

  it("answers the board's stip kind over HTTP with the 4-business-hour promise", async () => {
    const board = await inject(
      "GET",
      "/api/back-office/response-times?kind=stip&from=2026-01-01&to=2026-01-31",
      staffCookie,
    );
    expect(board.statusCode).toBe(200);
    expect(board.json()).toMatchObject({ kind: "stip", promisedMinutes: 240 });
  });
});
