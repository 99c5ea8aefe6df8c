import { describe, expect, it } from "vitest";
import { describeDealChange, isVendorVisibleDealField } from "./deal-changes.ts";

describe("a deal change as the vendor reads it", () => {
  it.each([
    ["stage", "1", "2", "Stage changed from App In to Approved."],
    ["dealScore", "0", "3", "Credit tier changed from Not rated to A credit."],
    ["downPayment", "5000", "7500.5", "Down payment changed from $5,000.00 (estimated) to $7,500.50 (estimated)."],
    [
      "costOfEquipment",
      "85000",
      "90000",
      "Cost of equipment changed from $85,000.00 (estimated) to $90,000.00 (estimated).",
    ],
    ["approvedAmount", "", "80000", "Approved amount set to $80,000.00 (estimated)."],
    ["approvedAmount", "80000", "65000.5", "Approved amount lowered from $80,000.00 to $65,000.50 (estimated)."],
    ["approvedAmount", "65000", "70000", "Approved amount raised from $65,000.00 to $70,000.00 (estimated)."],
    ["approvedAmount", "65000", "", "Approved amount withdrawn; it was $65,000.00 (estimated)."],
  ] as const)("%s %s -> %s", (field, from, to, line) => {
    expect(describeDealChange(field, from, to)).toBe(line);
  });

  it("keeps the adverse-action dates out of the vendor's mail", () => {
    expect(isVendorVisibleDealField("declinedNoticeSentOn")).toBe(false);
    expect(isVendorVisibleDealField("approvedAmount")).toBe(true);
  });
});
