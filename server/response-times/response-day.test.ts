import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitBucket, waitBucketCount, waitBucketEdges } from "#domain/response-times/wait-histogram.ts";
import { openTestDatabase, queryRows } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { responseClock } from "./tables.ts";
import { syncResponseDayZone } from "./response-day.ts";

let database: DatabaseHandle;
const db = () => database.db;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

type DayRow = {
  subject_kind: string;
  day: string;
  source: string;
  arrived: number;
  contacted: number;
  kept: number;
  wait_counts: number[];
};

const rollups = () =>
  queryRows<DayRow>(
    db(),
    sql`select subject_kind, to_char(day, 'YYYY-MM-DD') as day, source, arrived, contacted, kept, wait_counts from response_day order by 1, 2, 3`,
  );

const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

describe("the response_wait_bucket SQL function", () => {
  it("puts every wait in the bucket domain/response-times/wait-histogram.ts does", async () => {
    const waits = [-1, ...waitBucketEdges.flatMap((edge) => [edge - 0.001, edge, edge + 0.4]), 20_000];
    for (let minutes = 0; minutes < 11_000; minutes += 3.7) waits.push(minutes);
    const rows = await queryRows<{ bucket: number }>(
      db(),
      sql`select response_wait_bucket(m) as bucket from unnest(${`{${waits.join(",")}}`}::float8[]) with ordinality as w(m, i) order by i`,
    );
    expect(rows.map((row) => row.bucket)).toEqual(waits.map(waitBucket));
    expect(
      (await queryRows<{ bucket: number | null }>(db(), sql`select response_wait_bucket(null) as bucket`))[0]!.bucket,
    ).toBeNull();
  });
});

describe("the daily rollups", () => {
  it("are kept by every write to the clocks exactly as a rebuild from the clocks makes them", async () => {
    // Three days around midnight in Los Angeles (the migration's zone), the sources, every kind.
    const start = new Date("2021-02-01T06:00:00Z"); // 22:00 the day before in Los Angeles
    const kindOf = (index: number): "deal" | "stip" | "lead" =>
      index % 5 === 0 ? "deal" : index % 7 === 3 ? "stip" : "lead";
    const clocks = Array.from({ length: 60 }, (_, index) => {
      const arrivedAt = minutesAfter(start, index * 67);
      const kind = kindOf(index);
      return {
        subjectKind: kind,
        subjectType: kind === "lead" ? "calculator" : kind,
        subjectId: randomUUID(),
        source:
          kind === "deal"
            ? "vendor-deal"
            : kind === "stip"
              ? index % 2
                ? "stip-dealer"
                : "stip-applicant"
              : index % 2
                ? "calculator"
                : "contact-form",
        arrivedAt,
        dueAt: minutesAfter(arrivedAt, 30),
        firstContactAt: index % 3 === 0 ? null : minutesAfter(arrivedAt, (index * 13) % 200),
      };
    });
    await db().insert(responseClock).values(clocks);
    // First contacts, a retimed arrival, a moved source and a purge: updates and deletes must take back what they move.
    for (const clock of clocks.filter((_, index) => index % 3 === 0 && index % 2 === 0)) {
      await db().execute(
        sql`update response_clock set first_contact_at = arrived_at + interval '45 minutes' where subject_id = ${clock.subjectId}`,
      );
    }
    await db().execute(
      sql`update response_clock set arrived_at = arrived_at - interval '1 day' where subject_id = ${clocks[7]!.subjectId}`,
    );
    await db().execute(
      sql`update response_clock set source = 'questionnaire' where subject_id = ${clocks[8]!.subjectId}`,
    );
    await db().execute(
      sql`delete from response_clock where subject_id in (${clocks[1]!.subjectId}, ${clocks[2]!.subjectId})`,
    );
    // A stip received again after its review: its clock starts again, uncontacted, from the new arrival.
    const reviewedStip = clocks.find((clock, index) => clock.subjectKind === "stip" && index % 3 !== 0)!;
    await db().execute(
      sql`update response_clock set arrived_at = arrived_at + interval '26 hours', due_at = due_at + interval '26 hours',
        first_contact_at = null where subject_id = ${reviewedStip.subjectId}`,
    );

    const kept = await rollups();
    // A day's numbers: the leads arriving on 2021-02-01 in Los Angeles from the calculator.
    const day = kept.find(
      (row) => row.subject_kind === "lead" && row.day === "2021-02-01" && row.source === "calculator",
    )!;
    const expected = (
      await queryRows<{ arrived: number; contacted: number; kept: number }>(
        db(),
        sql`select count(*)::int as arrived, count(first_contact_at)::int as contacted, (count(*) filter (where first_contact_at <= due_at))::int as kept
        from response_clock where subject_kind = 'lead' and source = 'calculator' and (arrived_at at time zone 'America/Los_Angeles')::date = '2021-02-01'`,
      )
    )[0]!;
    expect(day).toMatchObject(expected);
    expect(day.arrived).toBeGreaterThan(3);
    expect(day.wait_counts).toHaveLength(waitBucketCount);
    expect(day.wait_counts.reduce((sum, count) => sum + count, 0)).toBe(day.contacted);
    const stips = kept.filter((row) => row.subject_kind === "stip");
    expect(new Set(stips.map((row) => row.source))).toEqual(new Set(["stip-dealer", "stip-applicant"]));
    const stipTotals = (
      await queryRows<{ arrived: number; contacted: number }>(
        db(),
        sql`select count(*)::int as arrived, count(first_contact_at)::int as contacted from response_clock where subject_kind = 'stip'`,
      )
    )[0]!;
    expect([
      stips.reduce((sum, row) => sum + row.arrived, 0),
      stips.reduce((sum, row) => sum + row.contacted, 0),
    ]).toEqual([stipTotals.arrived, stipTotals.contacted]);

    await db().execute(sql`select rebuild_response_days()`);
    // A rebuild leaves out what the trigger emptied (a purged day keeps a row of zeros).
    const emptied = kept.filter((row) => row.arrived === 0);
    expect(
      emptied.every((row) => row.contacted === 0 && row.kept === 0 && row.wait_counts.every((count) => count === 0)),
    ).toBe(true);
    expect(await rollups()).toEqual(kept.filter((row) => row.arrived > 0));
  });

  it("are counted again in the business time zone a server starts with", async () => {
    const id = randomUUID();
    // 06:30 UTC: 22:30 on 1 March 2022 in Los Angeles, 01:30 on 2 March in New York.
    const arrivedAt = new Date("2022-03-02T06:30:00Z");
    await db()
      .insert(responseClock)
      .values({
        subjectKind: "lead",
        subjectType: "footer-message",
        subjectId: id,
        source: "contact-form",
        arrivedAt,
        dueAt: minutesAfter(arrivedAt, 30),
      });
    const daysOfMarch = async () =>
      (await rollups()).filter((row) => row.day.startsWith("2022-03") && row.arrived > 0).map((row) => row.day);
    expect(await daysOfMarch()).toEqual(["2022-03-01"]);

    await syncResponseDayZone(db(), "America/New_York");
    expect(await daysOfMarch()).toEqual(["2022-03-02"]);
    // The trigger counts new clocks in the new zone too.
    const later = new Date("2022-03-03T04:30:00Z"); // 23:30 on 2 March in New York
    await db()
      .insert(responseClock)
      .values({
        subjectKind: "lead",
        subjectType: "footer-message",
        subjectId: randomUUID(),
        source: "contact-form",
        arrivedAt: later,
        dueAt: minutesAfter(later, 30),
      });
    expect((await rollups()).find((row) => row.day === "2022-03-02")?.arrived).toBe(2);

    await syncResponseDayZone(db(), "America/Los_Angeles");
    expect(await daysOfMarch()).toEqual(["2022-03-01", "2022-03-02"]);
  });
});
