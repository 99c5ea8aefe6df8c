import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isWorkingDay } from "../site/working-calendar.ts";
import {
  afterHoursNote,
  businessHoursDueAt,
  isCreditOnline,
  leadSource,
  promiseClockStart,
  responseDueAt,
} from "./response-promise.ts";

const la = "America/Los_Angeles";

describe("responseDueAt (the Credit Online rule: business days, 09:00 until 15:00)", () => {
  it.each([
    ["Monday 10:00 PST: 30 minutes later", "2026-11-23T18:00:00Z", "2026-11-23T18:30:00.000Z"],
    ["Monday 14:50 PST: still within hours, due 15:20", "2026-11-23T22:50:00Z", "2026-11-23T23:20:00.000Z"],
    ["Monday 15:00 PST: after hours, due Tuesday 09:30", "2026-11-23T23:00:00Z", "2026-11-24T17:30:00.000Z"],
    ["Monday 07:00 PST: before opening, due 09:30 that day", "2026-11-23T15:00:00Z", "2026-11-23T17:30:00.000Z"],
    ["Friday 16:00 PST: due Monday 09:30", "2026-11-28T00:00:00Z", "2026-11-30T17:30:00.000Z"],
    ["Saturday noon: due Monday 09:30", "2026-11-28T20:00:00Z", "2026-11-30T17:30:00.000Z"],
    ["Sunday 23:59: due Monday 09:30", "2026-11-30T07:59:00Z", "2026-11-30T17:30:00.000Z"],
    [
      "Friday 16:00 PDT before clocks go back: due Monday 09:30 PST",
      "2026-10-30T23:00:00Z",
      "2026-11-02T17:30:00.000Z",
    ],
    [
      "Friday 16:00 PST before clocks go forward: due Monday 09:30 PDT",
      "2026-03-07T00:00:00Z",
      "2026-03-09T16:30:00.000Z",
    ],
  ])("%s", (_case, arrived, due) => {
    expect(responseDueAt(new Date(arrived), 30, la).toISOString()).toBe(due);
  });

  it("counts in the business time zone, not the server's", () => {
    // 15:30 in New York is 12:30 in Los Angeles: after hours in one, within hours in the other.
    const arrived = new Date("2026-11-23T20:30:00Z");
    expect(responseDueAt(arrived, 30, "America/New_York").toISOString()).toBe("2026-11-24T14:30:00.000Z");
    expect(responseDueAt(arrived, 30, la).toISOString()).toBe("2026-11-23T21:00:00.000Z");
  });

  it("a deal's promise is its own number of minutes", () => {
    expect(responseDueAt(new Date("2026-11-23T23:00:00Z"), 60, la).toISOString()).toBe("2026-11-24T18:00:00.000Z");
  });

  it("always starts on a business day between 09:00 and 15:00, never before the arrival, and at once within hours", () => {
    const local = (instant: Date) =>
      new Intl.DateTimeFormat("en-CA", {
        timeZone: la,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).format(instant);
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2020-01-01"), max: new Date("2035-12-31"), noInvalidDate: true }),
        (arrived) => {
          const start = promiseClockStart(arrived, la);
          expect(start.getTime()).toBeGreaterThanOrEqual(arrived.getTime());
          const [day, time] = local(start).split(", ") as [string, string];
          expect(isWorkingDay(day)).toBe(true);
          expect(time >= "09:00" && time < "15:00").toBe(true);
          // Nothing waits longer than a long weekend: at most Thursday 15:00 -> Monday 09:00 round a holiday (+1 h for
          // a clock change).
          expect(start.getTime() - arrived.getTime()).toBeLessThanOrEqual((90 + 1) * 3_600_000);
          const [arrivedDay, arrivedTime] = local(arrived).split(", ") as [string, string];
          if (isWorkingDay(arrivedDay) && arrivedTime >= "09:00" && arrivedTime < "15:00")
            expect(start).toEqual(arrived);
        },
      ),
    );
  });
});

describe("responseDueAt on the credit team's calendar (federal holidays, the admins' changes)", () => {
  it.each([
    [
      "Wednesday 15:10 before Thanksgiving: due Friday 09:30, not Thanksgiving morning",
      "2026-11-25T23:10:00Z",
      "2026-11-27T17:30:00.000Z",
    ],
    ["Thanksgiving 10:00: due Friday 09:30", "2026-11-26T18:00:00Z", "2026-11-27T17:30:00.000Z"],
    [
      "Thursday 16:00 before Independence Day observed on Friday July 3: due Monday 09:30",
      "2026-07-02T23:00:00Z",
      "2026-07-06T16:30:00.000Z",
    ],
    [
      "Thursday 16:00 before New Year's Day 2028, observed Friday December 31, 2027: due Monday 09:30",
      "2027-12-31T00:00:00Z",
      "2028-01-03T17:30:00.000Z",
    ],
  ])("%s", (_case, arrived, due) => {
    expect(responseDueAt(new Date(arrived), 30, la).toISOString()).toBe(due);
  });

  it("follows the days an admin added off or worked", () => {
    const wednesdayAfterHours = new Date("2026-11-25T23:10:00Z");
    expect(responseDueAt(wednesdayAfterHours, 30, la, { "2026-11-27": false }).toISOString()).toBe(
      "2026-11-30T17:30:00.000Z",
    );
    expect(responseDueAt(wednesdayAfterHours, 30, la, { "2026-11-26": true }).toISOString()).toBe(
      "2026-11-26T17:30:00.000Z",
    );
  });

  it("shows Credit Online before 15:00 on working days only", () => {
    expect(isCreditOnline(new Date("2026-11-25T18:00:00Z"), la)).toBe(true);
    expect(isCreditOnline(new Date("2026-11-25T23:10:00Z"), la)).toBe(false);
    expect(isCreditOnline(new Date("2026-11-26T18:00:00Z"), la)).toBe(false);
    expect(isCreditOnline(new Date("2026-11-28T18:00:00Z"), la)).toBe(false);
    expect(isCreditOnline(new Date("2026-11-27T18:00:00Z"), la, { "2026-11-27": false })).toBe(false);
    expect(isCreditOnline(new Date("2026-11-26T18:00:00Z"), la, { "2026-11-26": true })).toBe(true);
  });
});

describe("afterHoursNote", () => {
  it("says when an after-hours arrival is due, and nothing within hours", () => {
    const evening = new Date("2026-11-23T23:00:00Z");
    expect(afterHoursNote(evening, responseDueAt(evening, 30, la), 30, la)).toBe(
      "After hours: due Nov 24, 2026, 9:30 AM PST",
    );
    const morning = new Date("2026-11-23T18:00:00Z");
    expect(afterHoursNote(morning, responseDueAt(morning, 30, la), 30, la)).toBeNull();
  });
});

describe("leadSource", () => {
  it.each([
    ["questionnaire", false, "questionnaire"],
    ["picked-option", false, "questionnaire"],
    ["calculator", false, "calculator"],
    ["calculator", true, "partner-link"],
    ["credit-application", false, "credit-application"],
    ["vendor-contact", false, "contact-form"],
    ["footer-message", false, "contact-form"],
  ] as const)("%s (partner %s) -> %s", (type, partner, source) => {
    expect(leadSource(type, partner)).toBe(source);
  });
});

describe("businessHoursDueAt (a stip's review: 4 of the credit team's hours, across days)", () => {
  it.each([
    ["Monday 10:00 PST: 14:00 that day", "2026-11-23T18:00:00Z", "2026-11-23T22:00:00.000Z"],
    ["Monday 11:00 PST: 15:00 that day, the last minute", "2026-11-23T19:00:00Z", "2026-11-23T23:00:00.000Z"],
    ["Monday 14:00 PST: 1 hour that day, 3 on Tuesday: 12:00", "2026-11-23T22:00:00Z", "2026-11-24T20:00:00.000Z"],
    ["Monday 18:00 PST: Tuesday 13:00", "2026-11-24T02:00:00Z", "2026-11-24T21:00:00.000Z"],
    ["Wednesday 14:00 PST before Thanksgiving: Friday 12:00", "2026-11-25T22:00:00Z", "2026-11-27T20:00:00.000Z"],
    ["Friday 13:00 PST: 2 hours, then Monday 11:00", "2026-11-27T21:00:00Z", "2026-11-30T19:00:00.000Z"],
    ["Friday 11:00:00.001 PDT: 15:00 that day, not Monday", "2027-07-09T18:00:00.001Z", "2027-07-09T22:00:00.000Z"],
  ])("%s", (_case, arrived, due) => {
    expect(businessHoursDueAt(new Date(arrived), 240, la).toISOString()).toBe(due);
  });

  it("counts exactly the promised minutes of the credit team's hours (09:00 to 15:00 on working days), wherever it starts", () => {
    const hour = new Intl.DateTimeFormat("en-US", { timeZone: la, hour: "numeric", hourCycle: "h23" });
    const open = (at: Date) => isCreditOnline(at, la) && Number(hour.format(at)) >= 9;
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2026-01-01T00:00:00Z"), max: new Date("2027-12-31T00:00:00Z"), noInvalidDate: true }),
        (arrived) => {
          const due = businessHoursDueAt(arrived, 240, la);
          let working = 0;
          for (let at = promiseClockStart(arrived, la).getTime(); at < due.getTime(); at += 60_000)
            if (open(new Date(at))) working++;
          expect(working).toBe(240);
        },
      ),
      { numRuns: 100 },
    );
  });
});
