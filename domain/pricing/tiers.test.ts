import { describe, expect, it } from "vitest";
import { firstMatchingTier, type TierTable } from "./tiers.ts";

const table: TierTable<string> = [
  { upTo: 10, value: "a" },
  { upTo: 20, value: "b" },
  { upTo: 30, value: "c" },
];

describe("firstMatchingTier", () => {
  it.each([
    [-5, "a"],
    [5, "a"], // every row holds for 5: the first one wins, not the last
    [10, "a"],
    [10.5, "b"],
    [20, "b"],
    [21, "c"],
    [30, "c"],
  ])("reads %s as %s", (value, expected) => {
    expect(firstMatchingTier(table, value)).toBe(expected);
  });

  it("refuses a value above the last bound", () => {
    expect(() => firstMatchingTier(table, 30.01)).toThrow(RangeError);
  });

  it("refuses NaN", () => {
    expect(() => firstMatchingTier(table, Number.NaN)).toThrow(RangeError);
  });

  it("lets an Infinity bound catch everything else", () => {
    const open: TierTable<number> = [
      ...table.map((row) => ({ upTo: row.upTo, value: 0 })),
      { upTo: Infinity, value: 1 },
    ];
    expect(firstMatchingTier(open, 1e300)).toBe(1);
    expect(firstMatchingTier(open, Infinity)).toBe(1);
  });
});
