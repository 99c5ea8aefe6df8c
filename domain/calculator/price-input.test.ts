import { describe, expect, it } from "vitest";
import { finishPrice, formatPriceAsTyped } from "./price-input.ts";

describe("price input", () => {
  it.each([
    ["120000", "120,000"],
    ["120000.5", "120,000.5"],
    ["120,000.567", "120,000.56"],
    ["12abc34", "1,234"],
    ["$ 5,000", "5,000"],
    ["0005", "5"],
    [".5", "0.5"],
    ["1234567890123456", "123,456,789,012"],
    ["", ""],
  ])("formats %j as %j while typing", (raw, formatted) => {
    expect(formatPriceAsTyped(raw)).toBe(formatted);
  });

  it("finishes with two decimals", () => {
    expect(finishPrice("120,000")).toBe("120,000.00");
    expect(finishPrice("5,000.5")).toBe("5,000.50");
    expect(finishPrice("")).toBe("");
  });
});
