import { describe, expect, it } from "vitest";
import { adverseActionReasonCodes, adverseActionReasons, reasonLabels } from "./reasons.ts";

describe("principal reasons for adverse action", () => {
  it("has unique codes and labels, including the form C-1 staples", () => {
    expect(new Set(adverseActionReasonCodes).size).toBe(adverseActionReasons.length);
    expect(new Set(adverseActionReasons.map((reason) => reason.label)).size).toBe(adverseActionReasons.length);
    expect(adverseActionReasons.map((reason) => reason.label)).toEqual(
      expect.arrayContaining([
        "Credit application incomplete",
        "Bankruptcy",
        "No credit file",
        "Value or type of collateral not sufficient",
      ]),
    );
  });

  it("prints the chosen reasons in the list's order, then staff's own words", () => {
    expect(
      reasonLabels(["bankruptcy", "application-incomplete", "not-a-code"], "  Equipment outside our program "),
    ).toEqual(["Credit application incomplete", "Bankruptcy", "Equipment outside our program"]);
    expect(reasonLabels([], " ")).toEqual([]);
  });
});
