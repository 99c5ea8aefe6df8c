import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { isCreditOnline, responseDueAt } from "#domain/response-times/response-promise.ts";
import { businessDayOf } from "#domain/site/business-day.ts";
import { isWorkingDay } from "#domain/site/working-calendar.ts";
import {
  loopbackAddress,
  signIn,
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createVendor } from "../../tests/support/vendor-fixtures.ts";
import { auditLog } from "../audit/tables.ts";
import { user } from "../auth/tables.ts";
import { workingCalendarDay } from "./tables.ts";
import { createAccount } from "../accounts/create-account.ts";
import { clockDueAt } from "../response-times/response-clock.ts";
import { loadWorkingCalendar } from "./load-working-calendar.ts";

const zone = "America/Los_Angeles";
let server: TestServer;
let admin: string;
let staff: string;
let vendor: string;

beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server.auth, {
    email: "calendar-admin@lender.example",
    name: "Cal Admin",
    role: authRoles.admin,
    password: "admin-password-1",
    emailVerified: true,
  });
  await createAccount(server.auth, {
    email: "calendar-staff@lender.example",
    name: "Cal Staff",
    role: authRoles.staff,
    password: "staff-password-1",
    emailVerified: true,
  });
  admin = (await signIn(server.app, "calendar-admin@lender.example", "admin-password-1")).cookie;
  staff = (await signIn(server.app, "calendar-staff@lender.example", "staff-password-1")).cookie;
  const created = await createVendor(server.database, server.auth, "Calendar Equipment");
  vendor = (await signIn(server.app, created.email, created.password)).cookie;
});
afterAll(() => server?.close());

const call = (method: "GET" | "PUT" | "DELETE", url: string, cookie: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    payload,
    headers: { cookie, origin: testOrigin },
    remoteAddress: loopbackAddress(),
  });

describe("the credit team's calendar", () => {
  it("is changed by admins only, audited, and a change the default already makes is none", async () => {
    const url = "/api/back-office/working-calendar/2026-11-27";
    expect((await call("PUT", url, staff, { closed: true, label: "Day after Thanksgiving" })).statusCode).toBe(403);
    expect((await call("PUT", url, vendor, { closed: true, label: "Day after Thanksgiving" })).statusCode).toBe(403);
    expect((await call("GET", "/api/back-office/working-calendar", staff)).statusCode).toBe(403);
    expect((await call("PUT", url, admin, { closed: true, label: " " })).statusCode).toBe(400);
    expect(
      (await call("PUT", "/api/back-office/working-calendar/2026-02-30", admin, { closed: true, label: "No such day" }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call("PUT", "/api/back-office/working-calendar/2999-01-04", admin, { closed: true, label: "Far off" }))
        .statusCode,
    ).toBe(400);

    const saved = await call("PUT", url, admin, { closed: true, label: "Day after Thanksgiving" });
    expect(saved.json()).toMatchObject({
      day: "2026-11-27",
      closed: true,
      label: "Day after Thanksgiving",
      defaultDayOff: null,
      changedBy: "calendar-admin@lender.example",
    });
    expect(
      (
        await call("PUT", "/api/back-office/working-calendar/2026-12-31", admin, {
          closed: true,
          label: "New Year's Eve",
        })
      ).statusCode,
    ).toBe(200);
    const year = (await call("GET", "/api/back-office/working-calendar?year=2026", admin)).json() as {
      days: { day: string; label: string; closed: boolean }[];
    };
    expect(
      year.days.filter((entry) => entry.day >= "2026-11-26").map((entry) => [entry.day, entry.label, entry.closed]),
    ).toEqual([
      ["2026-11-26", "Thanksgiving Day", true],
      ["2026-11-27", "Day after Thanksgiving", true],
      ["2026-12-25", "Christmas Day", true],
      ["2026-12-31", "New Year's Eve", true],
    ]);

    // Closing a Saturday says what the default says: no row.
    expect(
      (
        await call("PUT", "/api/back-office/working-calendar/2026-11-28", admin, { closed: true, label: "Saturday" })
      ).json(),
    ).toMatchObject({ closed: true, changedBy: null });
    expect(
      await server.database.db.select().from(workingCalendarDay).where(eq(workingCalendarDay.day, "2026-11-28")),
    ).toEqual([]);

    expect((await call("DELETE", "/api/back-office/working-calendar/2026-12-31", admin)).json()).toEqual({ ok: true });
    expect((await call("DELETE", "/api/back-office/working-calendar/2026-12-31", admin)).statusCode).toBe(404);
    const audits = await server.database.db
      .select({ action: auditLog.action, subject: auditLog.subject })
      .from(auditLog)
      .where(sql`${auditLog.action} like 'working-calendar.%'`);
    expect(audits).toEqual(
      expect.arrayContaining([
        { action: "working-calendar.day-changed", subject: "2026-11-27" },
        { action: "working-calendar.day-reset", subject: "2026-12-31" },
      ]),
    );
  });

  it("dates a promise arriving before Thanksgiving after the holiday and the admins' day off", async () => {
    // Wednesday 15:10 before Thanksgiving: Thursday is a federal holiday, Friday an admin's day off.
    expect((await clockDueAt(server.database.db, new Date("2026-11-25T23:10:00Z"), 30, zone)).toISOString()).toBe(
      "2026-11-30T17:30:00.000Z",
    );
    // A year with no change: the federal holiday alone.
    expect((await clockDueAt(server.database.db, new Date("2027-11-24T23:10:00Z"), 30, zone)).toISOString()).toBe(
      "2027-11-26T17:30:00.000Z",
    );
  });

  it("puts Credit Offline in the vendor's portal on a day off", async () => {
    const adminId = (
      await server.database.db.select({ id: user.id }).from(user).where(eq(user.email, "calendar-admin@lender.example"))
    )[0]!.id;
    const today = businessDayOf(new Date(), zone);
    // Today may be a day the tests above changed (2026-11-27 is): it is put back as it was.
    const [before] = await server.database.db
      .select()
      .from(workingCalendarDay)
      .where(eq(workingCalendarDay.day, today));
    await server.database.db
      .insert(workingCalendarDay)
      .values({ day: today, closed: true, label: "Closed today", changedByUserId: adminId })
      .onConflictDoUpdate({ target: workingCalendarDay.day, set: { closed: true } });
    expect((await call("GET", "/api/portal/credit-status", vendor)).json()).toEqual({ online: false });
    await server.database.db.update(workingCalendarDay).set({ closed: false }).where(eq(workingCalendarDay.day, today));
    expect((await call("GET", "/api/portal/credit-status", vendor)).json()).toEqual({
      online: isCreditOnline(new Date(), zone, { [today]: true }),
    });
    expect((await call("GET", "/api/portal/credit-status", staff)).statusCode).toBe(403);
    await server.database.db.delete(workingCalendarDay).where(eq(workingCalendarDay.day, today));
    if (before) await server.database.db.insert(workingCalendarDay).values(before);
  });

  it("is the same in SQL (is_working_day, response_due_at) as in the domain, every day 2020-2035 and round the holidays", async () => {
    const calendar = await loadWorkingCalendar(server.database.db, "2020-01-01", "2035-12-31");
    expect(calendar["2026-11-27"]).toBe(false);
    const days = (await server.database.db.execute(
      sql`select d::date::text as day, is_working_day(d::date) as working from generate_series('2020-01-01'::date, '2035-12-31'::date, interval '1 day') d`,
    )) as unknown as {
      rows: { day: string; working: boolean }[];
    };
    expect(days.rows).toHaveLength(5844);
    expect(days.rows.filter((row) => row.working !== isWorkingDay(row.day, calendar)).map((row) => row.day)).toEqual(
      [],
    );

    // Every 37 minutes over two weeks round Thanksgiving (with the admin's Friday) and round the year's end.
    const due = (await server.database.db.execute(sql`
      select a, response_due_at(a, ${zone}, 30) as due
      from (select s + n * interval '37 minutes' as a from unnest(array['2026-11-20T00:00:00Z', '2027-12-20T00:00:00Z']::timestamptz[]) s, generate_series(0, 544) n) t`)) as unknown as {
      rows: { a: string | Date; due: string | Date }[];
    };
    const mismatches = due.rows
      .filter((row) => new Date(row.due).getTime() !== responseDueAt(new Date(row.a), 30, zone, calendar).getTime())
      .map((row) => new Date(row.a).toISOString());
    expect(mismatches).toEqual([]);
  });
});
