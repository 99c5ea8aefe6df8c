import { describe, expect, it } from "vitest";
import { completedOnProblem, noticeDaysLeft, noticeDueOn } from "./notice-due.ts";

describe("the notice's due date, 30 days after the application was complete (12 CFR 1002.9(a)(1))", () => {
  it("is counted from the completed application, not from the decline", () => {
    // Received (and complete) Nov 23, declined Nov 26: due Dec 23, not Dec 26.
    expect(noticeDueOn("2025-11-23")).toBe("2025-12-23");
  });

  it.each([
    ["2026-01-31", "2026-03-02", "a month end, into March of a common year"],
    ["2028-01-31", "2028-03-01", "a month end, into March of a leap year"],
    ["2027-02-01", "2027-03-03", "February of a common year (28 days)"],
    ["2028-02-01", "2028-03-02", "February of a leap year (29 days)"],
    ["2028-02-29", "2028-03-30", "the leap day"],
    ["2026-12-15", "2027-01-14", "the year's end"],
    ["2026-12-31", "2027-01-30", "the year's last day"],
    ["2026-12-02", "2027-01-01", "New Year's Day"],
    ["2026-03-01", "2026-03-31", "a 31-day month"],
    ["2026-02-20", "2026-03-22", "a clock change"],
  ])("%s is due %s (%s)", (completedOn, dueOn) => {
    expect(noticeDueOn(completedOn)).toBe(dueOn);
  });

  it("counts days left in calendar days: 30 the day it is complete, 0 on the last, negative when overdue", () => {
    expect(noticeDaysLeft("2026-03-01", "2026-03-01")).toBe(30);
    expect(noticeDaysLeft("2026-03-01", "2026-03-31")).toBe(0);
    expect(noticeDaysLeft("2026-03-01", "2026-04-02")).toBe(-2);
    expect(noticeDaysLeft("2026-12-15", "2027-01-01")).toBe(13);
    expect(noticeDaysLeft("2028-02-15", "2028-03-01")).toBe(15);
  });

  it("takes a completed day between receipt and today", () => {
    expect(completedOnProblem("2025-11-23", "2025-11-23", "2025-11-26")).toBeNull();
    expect(completedOnProblem("2025-11-26", "2025-11-23", "2025-11-26")).toBeNull();
    expect(completedOnProblem("2025-11-22", "2025-11-23", "2025-11-26")).toMatch(/before it was received/);
    expect(completedOnProblem("2025-11-27", "2025-11-23", "2025-11-26")).toMatch(/still to come/);
  });
});
