import { describe, expect, it } from "vitest";
import { adverseActionReasonCodes, adverseActionReasons, noticeDaysLeft, noticeDueOn, reasonLabels } from "./reasons.ts";

describe("principal reasons for adverse action", () => {
  it("has unique codes and labels, including the form C-1 staples", () => {
    expect(new Set(adverseActionReasonCodes).size).toBe(adverseActionReasons.length);
    expect(new Set(adverseActionReasons.map((reason) => reason.label)).size).toBe(adverseActionReasons.length);
    expect(adverseActionReasons.map((reason) => reason.label)).toEqual(
      expect.arrayContaining(["Credit application incomplete", "Bankruptcy", "No credit file", "Value or type of collateral not sufficient"]),
    );
  });

  it("prints the chosen reasons in the list's order, then staff's own words", () => {
    expect(reasonLabels(["bankruptcy", "application-incomplete", "not-a-code"], "  Equipment outside our program ")).toEqual([
      "Credit application incomplete",
      "Bankruptcy",
      "Equipment outside our program",
    ]);
    expect(reasonLabels([], " ")).toEqual([]);
  });
});

describe("the 30-day notice limit", () => {
  it("counts calendar days from the decision: 30 left that day, 0 on the last, negative when overdue", () => {
    expect(noticeDaysLeft("2026-03-01", "2026-03-01")).toBe(30);
    expect(noticeDaysLeft("2026-03-01", "2026-03-31")).toBe(0);
    expect(noticeDaysLeft("2026-03-01", "2026-04-02")).toBe(-2);
    // Across a clock change and a month end.
    expect(noticeDaysLeft("2026-02-20", "2026-03-09")).toBe(13);
    expect(noticeDueOn("2026-02-20")).toBe("2026-03-22");
    expect(noticeDueOn("2026-12-15")).toBe("2027-01-14");
  });
});
