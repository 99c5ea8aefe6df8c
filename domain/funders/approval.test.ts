import { describe, expect, it } from "vitest";
import { approvalExpiresOn, daysUntil, stageOnceApproved } from "./approval.ts";

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
});
