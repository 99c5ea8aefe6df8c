import { describe, expect, it } from "vitest";
import { weekdayOf } from "./business-day.ts";
import { federalHolidayOn, usFederalHolidays } from "./federal-holidays.ts";
import { defaultDayOff, isWorkingDay } from "./working-calendar.ts";

describe("the US federal holidays, on their observed days", () => {
  it("lists 2026's eleven", () => {
    expect(usFederalHolidays(2026).map((holiday) => holiday.day)).toEqual([
      "2026-01-01",
      "2026-01-19",
      "2026-02-16",
      "2026-05-25",
      "2026-06-19",
      "2026-07-03", // July 4 is a Saturday
      "2026-09-07",
      "2026-10-12",
      "2026-11-11",
      "2026-11-26",
      "2026-12-25",
    ]);
  });

  it("moves a Saturday to the Friday before and a Sunday to the Monday after, across the year's end", () => {
    expect(usFederalHolidays(2027).map((holiday) => holiday.day)).toEqual([
      "2027-01-01",
      "2027-01-18",
      "2027-02-15",
      "2027-05-31",
      "2027-06-18",
      "2027-07-05",
      "2027-09-06",
      "2027-10-11",
      "2027-11-11",
      "2027-11-25",
      "2027-12-24",
    ]);
    expect(usFederalHolidays(2028)[0]).toEqual({ day: "2027-12-31", name: "New Year's Day" });
    expect(federalHolidayOn("2027-12-31")).toBe("New Year's Day");
    expect(federalHolidayOn("2028-01-03")).toBeNull();
  });

  it("has Juneteenth from 2021 only, and every observed day on a weekday", () => {
    expect(usFederalHolidays(2020)).toHaveLength(10);
    expect(federalHolidayOn("2021-06-18")).toBe("Juneteenth National Independence Day");
    for (let year = 2000; year <= 2060; year++) {
      for (const holiday of usFederalHolidays(year)) expect([1, 2, 3, 4, 5]).toContain(weekdayOf(holiday.day));
    }
  });

  it("makes the default calendar Monday to Friday less the holidays, which admins' changes override", () => {
    expect(defaultDayOff("2026-11-26")).toBe("Thanksgiving Day");
    expect(defaultDayOff("2026-11-28")).toBe("Weekend");
    expect(defaultDayOff("2026-11-27")).toBeNull();
    expect(isWorkingDay("2026-11-26")).toBe(false);
    expect(isWorkingDay("2026-11-26", { "2026-11-26": true })).toBe(true);
    expect(isWorkingDay("2026-11-27", { "2026-11-27": false })).toBe(false);
  });
});
