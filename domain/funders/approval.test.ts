import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addCalendarDays } from "../site/business-day.ts";
import {
  approvalExpiresOn,
  approvalReminderDueOn,
  daysUntil,
  everyFunderDeclined,
  expiredApprovalProblem,
  expiringThrough,
  isApprovalExpired,
  renewalDateProblem,
  stageOnceApproved,
} from "./approval.ts";

describe("a presented approval's expiry", () => {
  it("is the funder's date, or 30 days after it was presented", () => {
    expect(approvalExpiresOn("2026-12-15", "2026-11-26")).toBe("2026-12-15");
    expect(approvalExpiresOn(null, "2026-11-26")).toBe("2026-12-26");
    expect(approvalExpiresOn(null, "2027-02-10")).toBe("2027-03-12");
  });

  it("counts whole days left, 0 on the last day and negative after", () => {
    expect(daysUntil("2026-12-26", "2026-11-26")).toBe(30);
    expect(daysUntil("2026-11-26", "2026-11-26")).toBe(0);
    expect(daysUntil("2026-11-25", "2026-11-26")).toBe(-1);
    // Across the change to winter time, still whole days.
    expect(daysUntil("2026-11-02", "2026-10-31")).toBe(2);
  });

  it("moves a new or declined deal to Approved and leaves a later stage where it is", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 9].map(stageOnceApproved)).toEqual([2, 2, ...Array<undefined>(6).fill(undefined)]);
  });

  it("holds through its last day and has expired from the next", () => {
    expect(isApprovalExpired("2026-12-18", "2026-12-18")).toBe(false);
    expect(isApprovalExpired("2026-12-18", "2026-12-19")).toBe(true);
    expect(isApprovalExpired("2026-12-18", "2027-01-02")).toBe(true);
  });
});

describe("an expired approval and documents", () => {
  const expired = { expiresOn: "2026-12-18" };
  it("refuses Docs Out and every later stage while the approval has expired, with the day it expired", () => {
    for (const stage of [3, 4, 5, 6])
      expect(expiredApprovalProblem(expired, stage, "2026-12-19")).toBe(
        "The approval expired on Dec 18, 2026: renew it before documents.",
      );
  });

  it("lets a deal be approved, declined or closed, and any stage on its last day, or without an approval", () => {
    for (const stage of [0, 1, 2, 9]) expect(expiredApprovalProblem(expired, stage, "2026-12-19")).toBeNull();
    expect(expiredApprovalProblem(expired, 3, "2026-12-18")).toBeNull();
    expect(expiredApprovalProblem(null, 3, "2026-12-19")).toBeNull();
  });

  it("renews only to a day after today", () => {
    expect(renewalDateProblem("2026-12-20", "2026-12-19")).toBeNull();
    expect(renewalDateProblem("2026-12-19", "2026-12-19")).toBe("Choose a day after today for the approval to expire.");
    expect(renewalDateProblem("2026-12-01", "2026-12-19")).not.toBeNull();
  });
});

describe("the reminder 5 business days before an approval expires", () => {
  it("counts back over weekends", () => {
    // Friday -> the Friday before; Monday -> the Monday before; Wednesday -> the Wednesday before.
    expect(approvalReminderDueOn("2026-12-18")).toBe("2026-12-11");
    expect(approvalReminderDueOn("2026-12-14")).toBe("2026-12-07");
    // Expiring on a Sunday: five working days before is the Monday of that week.
    expect(approvalReminderDueOn("2026-12-13")).toBe("2026-12-07");
  });

  it("skips the federal holidays on their observed days", () => {
    // Thanksgiving, Thursday 2026-11-26: the week before Wednesday 2026-12-02 has one working day less.
    expect(approvalReminderDueOn("2026-12-02")).toBe("2026-11-24");
    // Christmas 2027 is a Saturday, observed Friday 2027-12-24; New Year's 2028 too, observed 2027-12-31.
    expect(approvalReminderDueOn("2028-01-04")).toBe("2027-12-27");
  });

  it("follows the admins' calendar: a day off added, a default day off worked", () => {
    expect(approvalReminderDueOn("2026-12-18", { "2026-12-16": false })).toBe("2026-12-10");
    expect(approvalReminderDueOn("2026-12-18", { "2026-12-12": true })).toBe("2026-12-12");
  });

  it("makes an approval 'expiring' from its reminder day through its last day", () => {
    // On Friday 2026-12-11, approvals expiring up to Friday the 18th are within 5 business days.
    expect(expiringThrough("2026-12-11")).toBe("2026-12-18");
    // On a Saturday, the same as the Friday before: no working day has passed.
    expect(expiringThrough("2026-12-12")).toBe("2026-12-18");
    // On Monday the 14th, through Sunday the 20th (Monday the 21st's reminder is due that Monday: the 14th).
    expect(expiringThrough("2026-12-14")).toBe("2026-12-21");
  });

  it("agrees with the reminder day for any day and calendar", () => {
    const day = fc.integer({ min: 0, max: 3650 }).map((offset) => addCalendarDays("2024-01-01", offset));
    fc.assert(
      fc.property(day, fc.integer({ min: -3, max: 40 }), fc.dictionary(day, fc.boolean()), (today, ahead, calendar) => {
        const expiresOn = addCalendarDays(today, ahead);
        const expiring = expiresOn >= today && expiresOn <= expiringThrough(today, calendar);
        expect(expiring).toBe(
          !isApprovalExpired(expiresOn, today) && approvalReminderDueOn(expiresOn, calendar) <= today,
        );
      }),
    );
  });
});

describe("every funder declined", () => {
  const declined = (...declineReasons: string[]) => ({ decision: "declined", declineReasons });
  it("gathers the reasons of every funder when each one's latest answer is a decline", () => {
    expect(everyFunderDeclined([declined("time-in-business", "bankruptcy"), declined("bankruptcy")])).toEqual([
      "bankruptcy",
      "time-in-business",
    ]);
  });

  it("is not so while one funder is pending, approved or has not answered, or none was sent", () => {
    expect(everyFunderDeclined([])).toBeNull();
    expect(everyFunderDeclined([declined("bankruptcy"), { decision: "pending", declineReasons: [] }])).toBeNull();
    expect(everyFunderDeclined([declined("bankruptcy"), undefined])).toBeNull();
  });
});
