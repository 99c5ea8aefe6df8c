import { describe, expect, it } from "vitest";
import { MARKUP_PERCENT_TIERS, markupPercent, withMarkup } from "./markup.ts";

describe("markupPercent", () => {
  it.each([
    [0, 15],
    [12, 15],
    [24, 15],
    [25, 8],
    [36, 8],
    [37, 4],
    [48, 4],
    [60, 4],
    [61, 3],
    [72, 3],
    [600, 3],
  ])("%s months -> +%s%%", (months, percent) => {
    expect(markupPercent(months)).toBe(percent);
  });

  it("has ascending bounds", () => {
    const bounds = MARKUP_PERCENT_TIERS.map((row) => row.upTo);
    expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
  });
});

describe("withMarkup", () => {
  it.each([
    [50_000, 24, 57_500],
    [85_000, 36, 91_800],
    [85_000, 48, 88_400],
    [100_000, 72, 103_000],
  ])("%s over %s months -> %s", (amount, months, expected) => {
    expect(withMarkup(amount, months)).toBeCloseTo(expected, 9);
  });
});
