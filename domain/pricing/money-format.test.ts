import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatAmount, formatLandingMoneyInput, formatUsd, parseMoney } from "./money-format.ts";

describe("formatUsd", () => {
  it.each([
    [0, "$0.00"],
    [5, "$5.00"],
    [999.999, "$1,000.00"],
    [1234, "$1,234.00"],
    [4739.5698466, "$4,739.57"],
    [2.675, "$2.68"], // half away from zero, as roundCents decides
    [1_234_567.891, "$1,234,567.89"],
    [-5, "-$5.00"],
    [-1234.5, "-$1,234.50"],
    [-0.004, "$0.00"],
  ])("%s -> %s", (amount, expected) => {
    expect(formatUsd(amount)).toBe(expected);
  });
});

describe("formatAmount", () => {
  it("has no currency sign", () => {
    expect(formatAmount(1234.5)).toBe("1,234.50");
  });
});

describe("parseMoney", () => {
  it.each([
    ["1234", 1234],
    ["1234.5", 1234.5],
    ["1,234.56", 1234.56],
    ["$1,234.00", 1234],
    ["$ 1,234.00", 1234],
    ["  120000 ", 120000],
    ["0", 0],
  ])("%j -> %s", (text, expected) => {
    expect(parseMoney(text)).toBe(expected);
  });

  it.each(["", "abc", "12a", "1,23", "1,2345", "1234.567", "-5", "$", "1234."])("refuses %j", (text) => {
    expect(parseMoney(text)).toBeUndefined();
  });
});

describe("formatLandingMoneyInput", () => {
  it.each([
    ["999", "999"],
    ["999.99", "999.99"],
    ["1000", "$ 1,000.00"],
    ["1234", "$ 1,234.00"],
    ["1,234.5", "$ 1,234.50"],
    ["999999", "$ 999,999.00"],
    ["1000000", "$ 1,000,000.00"],
    ["25000000", "$ 25,000,000.00"],
    ["$ 1,234.00", "$ 1,234.00"],
    ["abc", "abc"],
    ["12a", "12a"],
    ["", ""],
  ])("%j -> %j", (typed, expected) => {
    expect(formatLandingMoneyInput(typed)).toBe(expected);
  });

  it("is idempotent and keeps the amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (cents) => {
        const typed = (cents / 100).toFixed(2);
        const once = formatLandingMoneyInput(typed);
        expect(formatLandingMoneyInput(once)).toBe(once);
        expect(parseMoney(once)).toBe(cents / 100);
      }),
    );
  });
});
