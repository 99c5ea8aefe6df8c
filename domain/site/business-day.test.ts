import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { businessDaysToInstants, startOfBusinessDay } from "./business-day.ts";

const localDay = (instant: number, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);

describe("startOfBusinessDay", () => {
  it.each([
    ["2024-01-15", "America/New_York", "2024-01-15T05:00:00.000Z"],
    ["2024-07-01", "America/New_York", "2024-07-01T04:00:00.000Z"],
    ["2024-01-01", "Asia/Kolkata", "2023-12-31T18:30:00.000Z"],
    ["2024-01-01", "UTC", "2024-01-01T00:00:00.000Z"],
    ["2024-03-10", "America/New_York", "2024-03-10T05:00:00.000Z"],
    // Midnight skipped by the clock change: the day starts at 01:00.
    ["2018-11-04", "America/Sao_Paulo", "2018-11-04T03:00:00.000Z"],
    // Midnight reached twice would be 23:00 of the day before: the day starts once, at 00:00 -03.
    ["2019-02-17", "America/Sao_Paulo", "2019-02-17T03:00:00.000Z"],
    ["0050-06-01", "UTC", "0050-06-01T00:00:00.000Z"],
  ])("%s in %s begins at %s", (day, timeZone, instant) => {
    expect(startOfBusinessDay(day, timeZone).toISOString()).toBe(instant);
  });

  it("is the first instant of that day on the zone's clock, whatever the day and zone", () => {
    const zones = [
      "America/New_York",
      "America/Los_Angeles",
      "America/Sao_Paulo",
      "Europe/London",
      "Australia/Lord_Howe",
      "Asia/Kathmandu",
      "Pacific/Chatham",
      "UTC",
    ];
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1980-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }),
        fc.constantFrom(...zones),
        (date, timeZone) => {
          const day = date.toISOString().slice(0, 10);
          const start = startOfBusinessDay(day, timeZone).getTime();
          expect(localDay(start, timeZone)).toBe(day);
          expect(localDay(start - 1, timeZone) < day).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("businessDaysToInstants", () => {
  it("covers from 00:00 to the end of `to`, 23 or 25 hours on clock-change days", () => {
    expect(businessDaysToInstants({ from: "2024-03-10", to: "2024-03-10" }, "America/New_York")).toEqual({
      start: new Date("2024-03-10T05:00:00Z"),
      end: new Date("2024-03-11T04:00:00Z"),
    });
    expect(businessDaysToInstants({ from: "2024-11-03", to: "2024-11-03" }, "America/New_York")).toEqual({
      start: new Date("2024-11-03T04:00:00Z"),
      end: new Date("2024-11-04T05:00:00Z"),
    });
    expect(businessDaysToInstants({ from: "2024-02-01", to: "2024-02-29" }, "America/Los_Angeles")).toEqual({
      start: new Date("2024-02-01T08:00:00Z"),
      end: new Date("2024-03-01T08:00:00Z"),
    });
  });
});
