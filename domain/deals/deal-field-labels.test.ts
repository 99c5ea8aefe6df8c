import { describe, expect, it } from "vitest";
import { describeDealChange } from "./deal-changes.ts";
import { dealFieldLabel, dealValueText } from "./deal-field-labels.ts";
import { creditTierLabel, creditTierOptions } from "./stages.ts";

describe("a deal's labels, read from one place", () => {
  it("names an unrated deal Not rated on the form, in the history and in the vendor's mail", () => {
    expect(creditTierOptions[0]).toEqual({ value: "0", label: "Not rated" });
    expect(dealValueText("dealScore", "0")).toBe("Not rated");
    expect(dealValueText("dealScore", "")).toBe("Not rated");
    expect(dealValueText("dealScore", "3")).toBe("A credit");
    expect(creditTierLabel(0)).toBe("Not rated");
    expect(describeDealChange("dealScore", "0", "3")).toBe(
      `${dealFieldLabel("dealScore")} changed from ${dealValueText("dealScore", "0")} to ${dealValueText("dealScore", "3")}.`,
    );
  });

  it.each([
    ["stage", "2", "Approved"],
    ["approvedAmount", "42000.5", "$42,000.50"],
    ["approvedAmount", "", "—"],
    ["declinedCompletedOn", "2026-03-04", "2026-03-04"],
  ])("%s %j reads %j", (field, value, text) => {
    expect(dealValueText(field, value)).toBe(text);
  });

  it("shows a field it does not know as stored", () => {
    expect(dealFieldLabel("dealScore")).toBe("Credit tier");
    expect(dealFieldLabel("retiredField")).toBe("retiredField");
  });
});
