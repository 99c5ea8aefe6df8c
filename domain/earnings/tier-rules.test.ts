import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  clawedBack,
  earningsBalance,
  earningsForDeal,
  earningsOnAmount,
  earningsPaidWithFunding,
  nextTier,
  tierForVolume,
  tiersProblem,
  type EarningsTier,
} from "./tier-rules.ts";

const defaults: EarningsTier[] = [
  { label: "Tier 1", minVolumeCents: 0, pointsBasisPoints: 100 },
  { label: "Tier 2", minVolumeCents: 25_000_000, pointsBasisPoints: 150 },
  { label: "Tier 3", minVolumeCents: 100_000_000, pointsBasisPoints: 200 },
];

describe("earnings tiers", () => {
  it("puts a volume in the highest tier whose floor it reaches, at the edges exactly", () => {
    expect(tierForVolume(defaults, 0).label).toBe("Tier 1");
    expect(tierForVolume(defaults, 24_999_999).label).toBe("Tier 1");
    expect(tierForVolume(defaults, 25_000_000).label).toBe("Tier 2");
    expect(tierForVolume(defaults, 99_999_999).label).toBe("Tier 2");
    expect(tierForVolume(defaults, 100_000_000).label).toBe("Tier 3");
    expect(nextTier(defaults, 24_000_000)).toEqual({ tier: defaults[1], volumeNeededCents: 1_000_000 });
    expect(nextTier(defaults, 100_000_000)).toBeNull();
  });

  it("never lowers the tier as volume grows, and the next tier is always just above", () => {
    fc.assert(
      fc.property(fc.nat(2_000_000_000), fc.nat(2_000_000_000), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(tierForVolume(defaults, low).minVolumeCents).toBeLessThanOrEqual(
          tierForVolume(defaults, high).minVolumeCents,
        );
        const next = nextTier(defaults, low);
        if (next) {
          expect(tierForVolume(defaults, low + next.volumeNeededCents).label).toBe(next.tier.label);
          expect(tierForVolume(defaults, low + next.volumeNeededCents - 1).label).toBe(
            tierForVolume(defaults, low).label,
          );
        }
      }),
    );
  });

  it("pays points in whole cents, half a cent up, and never more than the exact amount plus half a cent", () => {
    expect(earningsOnAmount(10_000_000, 150)).toBe(150_000);
    expect(earningsOnAmount(333, 150)).toBe(5); // 4.995 cents
    expect(earningsOnAmount(1, 100)).toBe(0);
    fc.assert(
      fc.property(fc.nat(10_000_000_000), fc.nat(1000), (amount, points) => {
        const cents = earningsOnAmount(amount, points);
        expect(Number.isInteger(cents)).toBe(true);
        expect(Math.abs(cents * 10_000 - amount * points)).toBeLessThanOrEqual(5_000);
      }),
    );
  });

  it("chooses the tier by the trailing volume including the deal that crosses the floor", () => {
    const crossing = earningsForDeal(defaults, 24_000_000, 2_000_000);
    expect(crossing.tier.label).toBe("Tier 2");
    expect(crossing.trailingVolumeCents).toBe(26_000_000);
    expect(crossing.earningsCents).toBe(30_000);
  });

  it("keeps the ledger's balance and nets what a company owes or is owed against the next funding's earnings", () => {
    expect(
      earningsBalance([
        { kind: "accrued", amountCents: 1_000 },
        { kind: "paid", amountCents: 1_000 },
        { kind: "clawed-back", amountCents: 1_000 },
      ]),
    ).toBe(-1_000);
    expect(earningsPaidWithFunding(1_500, -1_000)).toBe(500);
    expect(earningsPaidWithFunding(1_500, -2_000)).toBe(0);
    // Owed and carried by no funding (accrued while paid monthly): it goes with this funding.
    expect(earningsPaidWithFunding(1_500, 700)).toBe(2_200);
  });

  it("claws back within the window, counting calendar days from the funded day", () => {
    expect(clawedBack("2026-01-01", "2026-04-01", 90)).toBe(true);
    expect(clawedBack("2026-01-01", "2026-04-02", 90)).toBe(false);
    expect(clawedBack("2026-01-01", "2026-01-01", 90)).toBe(true);
  });

  it("accepts the default tiers and says what is wrong with a bad set", () => {
    expect(tiersProblem(defaults)).toBeNull();
    expect(tiersProblem([])).toBe("Keep at least one tier.");
    expect(tiersProblem([{ ...defaults[0]!, minVolumeCents: 5 }])).toBe("The first tier starts at $0.");
    expect(tiersProblem([defaults[0]!, { ...defaults[1]!, minVolumeCents: 0 }])).toBe(
      "Each tier starts above the one before it.",
    );
    expect(tiersProblem([defaults[0]!, { ...defaults[1]!, pointsBasisPoints: 50 }])).toBe(
      "A higher tier never pays fewer points.",
    );
    expect(tiersProblem([defaults[0]!, { ...defaults[1]!, label: "tier 1" }])).toBe("Give each tier its own name.");
  });
});
