import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { businessDayOf } from "../site/business-day.ts";
import { isWorkingDay } from "../site/working-calendar.ts";
import { payoutUsableFrom, workingDaysAfter } from "./cooling-off.ts";

const zone = "America/New_York";
const at = (iso: string) => new Date(iso);

describe("the cooling-off period", () => {
  it("skips the weekend and a federal holiday", () => {
    // Thursday July 2, 2026, 10:00 EDT; Independence Day (a Saturday) is observed on Friday July 3.
    expect(payoutUsableFrom(at("2026-07-02T14:00:00Z"), 3, zone).toISOString()).toBe("2026-07-08T14:00:00.000Z");
    // Friday March 6, 2026, 16:30 EST: Monday, Tuesday, Wednesday; the clocks change on Sunday the 8th.
    expect(payoutUsableFrom(at("2026-03-06T21:30:00Z"), 3, zone).toISOString()).toBe("2026-03-11T20:30:00.000Z");
  });

  it("follows the admins' calendar: a day they closed does not count, a holiday they work does", () => {
    const monday = at("2026-11-23T15:00:00Z");
    // Thanksgiving is Thursday the 26th: Tue, Wed, Fri.
    expect(businessDayOf(payoutUsableFrom(monday, 3, zone), zone)).toBe("2026-11-27");
    expect(businessDayOf(payoutUsableFrom(monday, 3, zone, { "2026-11-25": false }), zone)).toBe("2026-11-30");
    expect(businessDayOf(payoutUsableFrom(monday, 3, zone, { "2026-11-26": true }), zone)).toBe("2026-11-26");
  });

  it("counts from a day off as from any day", () => {
    // Saturday January 10, 2026: Monday, Tuesday, Wednesday.
    expect(businessDayOf(payoutUsableFrom(at("2026-01-10T17:00:00Z"), 3, zone), zone)).toBe("2026-01-14");
  });

  it("always ends on a working day, later than it began, with exactly that many working days after the confirmation's day", () => {
    const instants = fc.date({
      min: new Date("2024-01-01T00:00:00Z"),
      max: new Date("2032-12-31T00:00:00Z"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instants, fc.integer({ min: 1, max: 20 }), (confirmedAt, days) => {
        const usable = payoutUsableFrom(confirmedAt, days, zone);
        expect(usable.getTime()).toBeGreaterThan(confirmedAt.getTime());
        const startDay = businessDayOf(confirmedAt, zone);
        const endDay = businessDayOf(usable, zone);
        expect(endDay).toBe(workingDaysAfter(startDay, days));
        expect(isWorkingDay(endDay)).toBe(true);
        // At least `days` calendar days, and at most `days` working days plus every day off in between.
        expect(usable.getTime() - confirmedAt.getTime()).toBeGreaterThanOrEqual(days * 86_400_000 - 3_600_000);
      }),
    );
  });

  it("never holds less for more days", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2025-01-01T00:00:00Z"), max: new Date("2030-01-01T00:00:00Z"), noInvalidDate: true }),
        fc.integer({ min: 1, max: 19 }),
        (confirmedAt, days) => {
          expect(payoutUsableFrom(confirmedAt, days + 1, zone).getTime()).toBeGreaterThan(
            payoutUsableFrom(confirmedAt, days, zone).getTime(),
          );
        },
      ),
    );
  });
});
