import { describe, expect, it } from "vitest";
import { financedCents, funderFit, monthsBetween, type DealFacts, type FunderCriteria } from "./funder-fit.ts";

const open: FunderCriteria = {
  programs: [],
  minCreditScore: null,
  minMonthsInBusiness: null,
  minAmountCents: null,
  maxAmountCents: null,
  industries: [],
  states: [],
};
const deal: DealFacts = {
  program: "equipment-finance",
  amountCents: 8_000_000,
  creditScore: 680,
  monthsInBusiness: 30,
  industry: "construction",
  state: "TX",
};

describe("whether a deal fits a funder", () => {
  it("fits a funder without criteria", () => {
    expect(funderFit(open, deal)).toEqual({ fits: true, misses: [], unknown: [] });
  });

  it("says every criterion the deal misses, in words", () => {
    const fit = funderFit(
      {
        programs: ["working-capital"],
        minCreditScore: 700,
        minMonthsInBusiness: 36,
        minAmountCents: 10_000_000,
        maxAmountCents: null,
        industries: ["medical"],
        states: ["CA", "NY"],
      },
      deal,
    );
    expect(fit.fits).toBe(false);
    expect(fit.misses).toEqual([
      "Does not take equipment finance",
      "Amount $80,000.00 is below its minimum of $100,000.00",
      "Credit score 680 is below its minimum of 700",
      "30 months in business, below its minimum of 36",
      "Does not finance construction",
      "Does not lend in TX",
    ]);
  });

  it("takes the limits as inclusive", () => {
    const edges = { ...open, minAmountCents: 8_000_000, maxAmountCents: 8_000_000, minCreditScore: 680 };
    expect(funderFit(edges, deal).fits).toBe(true);
    expect(funderFit({ ...open, maxAmountCents: 7_999_999 }, deal).misses).toEqual([
      "Amount $80,000.00 is above its maximum of $79,999.99",
    ]);
  });

  it("never rules a funder out on what is not known, and names it", () => {
    const unknownDeal = { ...deal, creditScore: null, monthsInBusiness: null, industry: null, state: null };
    const fit = funderFit(
      { ...open, minCreditScore: 650, minMonthsInBusiness: 24, industries: ["construction"], states: ["TX"] },
      unknownDeal,
    );
    expect(fit).toEqual({
      fits: true,
      misses: [],
      unknown: ["credit score (needs 650)", "time in business (needs 24 months)", "industry", "state"],
    });
  });

  it("counts whole months in business", () => {
    expect(monthsBetween("2024-03-15", "2026-11-26")).toBe(32);
    expect(monthsBetween("2024-03-27", "2026-11-26")).toBe(31);
    expect(monthsBetween(null, "2026-11-26")).toBeNull();
    expect(monthsBetween("2027-01-01", "2026-11-26")).toBe(0);
  });
});

describe("financedCents", () => {
  it("is the cost less the down payment in cents, rounded, never below zero", () => {
    expect(financedCents(85_000, 5_000)).toBe(8_000_000);
    expect(financedCents(18_500.1, 1_500.05)).toBe(1_700_005);
    expect(financedCents(1_000, 2_000)).toBe(0);
  });
});
