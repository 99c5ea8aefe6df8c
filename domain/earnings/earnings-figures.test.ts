import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dollarsText,
  formatCents,
  formatPoints,
  monthLabel,
  parseDollarsToCents,
  parsePercentToBasisPoints,
  plainDollars,
  pointsText,
} from "./earnings-figures.ts";
import { earningsRulesInput } from "./tiers-contracts.ts";

describe("earnings figures", () => {
  it("reads typed dollars and percents into integer cents and basis points, and writes them back", () => {
    expect(parseDollarsToCents("250,000")).toBe(25_000_000);
    expect(parseDollarsToCents("$1,000,000.5")).toBe(100_000_050);
    expect(parseDollarsToCents("0")).toBe(0);
    expect(parseDollarsToCents("1,00")).toBeUndefined();
    expect(parseDollarsToCents("-5")).toBeUndefined();
    expect(parsePercentToBasisPoints("1.5")).toBe(150);
    expect(parsePercentToBasisPoints("2%")).toBe(200);
    expect(parsePercentToBasisPoints("1.005")).toBeUndefined();
    expect(formatPoints(150)).toBe("1.50%");
    expect(formatPoints(5)).toBe("0.05%");
    expect(formatCents(75_000)).toBe("$750.00");
    expect(plainDollars(-5)).toBe("-0.05");
    expect(monthLabel("2026-03")).toBe("March 2026");
    fc.assert(
      fc.property(fc.nat(100_000_000_000), fc.nat(1000), (cents, basisPoints) => {
        expect(parseDollarsToCents(dollarsText(cents))).toBe(cents);
        expect(parsePercentToBasisPoints(pointsText(basisPoints))).toBe(basisPoints);
        expect(Number(plainDollars(cents)) * 100).toBeCloseTo(cents, 0);
      }),
    );
  });

  it("checks a set of tiers as the form and the route do: each row, then the set by tiersProblem", () => {
    const row = (label: string, from: string, points: string) => ({ label, from, points });
    const parsed = earningsRulesInput.parse({
      tiers: [row("Tier 1", "0", "1"), row(" Tier 2 ", "$250,000", "1.50")],
      trailingDays: "90",
      clawbackDays: "90",
    });
    expect(parsed).toEqual({
      tiers: [
        { label: "Tier 1", from: 0, points: 100 },
        { label: "Tier 2", from: 25_000_000, points: 150 },
      ],
      trailingDays: 90,
      clawbackDays: 90,
    });
    const issues = (value: unknown) =>
      earningsRulesInput.safeParse(value).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(
      issues({ tiers: [row("Tier 1", "0", "2"), row("Tier 2", "100", "1")], trailingDays: "90", clawbackDays: "90" }),
    ).toEqual([["tiers", "A higher tier never pays fewer points."]]);
    expect(
      issues({ tiers: [row("", "x", "11")], trailingDays: "0", clawbackDays: "366" })!.map(([path]) => path),
    ).toEqual(["tiers.0.label", "tiers.0.from", "tiers.0.points", "trailingDays", "clawbackDays"]);
  });
});
