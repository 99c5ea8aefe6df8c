import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dollarsToCents, fundingAmountCents, fundingAmountProblem, fundingLines } from "./funding-amount.ts";

const base = {
  amountFinancedCents: 5_000_000,
  equipmentCostCents: 5_750_000,
  downPaymentCents: 750_000,
  feesCents: 39_500,
  earningsCents: 0,
};

describe("the amount to the dealer", () => {
  it("is the equipment cost less the down payment and fees, plus earnings paid with funding", () => {
    expect(fundingAmountCents(base)).toBe(4_960_500);
    expect(fundingAmountCents({ ...base, earningsCents: 50_000 })).toBe(5_010_500);
    expect(fundingLines({ ...base, earningsCents: 50_000 }).map((line) => [line.label, line.sign, line.cents])).toEqual(
      [
        ["Equipment cost", "+", 5_750_000],
        ["Down payment collected by the dealer", "-", 750_000],
        ["Fees", "-", 39_500],
        ["Dealer earnings paid with funding", "+", 50_000],
        ["Amount to the dealer", "=", 5_010_500],
      ],
    );
    expect(fundingLines(base).some((line) => line.label.startsWith("Dealer earnings"))).toBe(false);
  });

  it("adds up line by line to the amount, in whole cents, for any amounts", () => {
    fc.assert(
      fc.property(
        fc.nat(1_000_000_000),
        fc.nat(1_000_000_000),
        fc.nat(10_000_000),
        fc.nat(10_000_000),
        (cost, down, fees, earnings) => {
          const inputs = {
            amountFinancedCents: cost,
            equipmentCostCents: cost,
            downPaymentCents: down,
            feesCents: fees,
            earningsCents: earnings,
          };
          const lines = fundingLines(inputs);
          const total = lines.at(-1)!;
          const summed = lines
            .slice(0, -1)
            .reduce((sum, line) => sum + (line.sign === "-" ? -line.cents : line.cents), 0);
          expect(total.cents).toBe(summed);
          expect(Number.isSafeInteger(total.cents)).toBe(true);
          const problem = fundingAmountProblem(inputs);
          if (problem === null) expect(total.cents).toBeGreaterThan(0);
          if (down + fees > cost) expect(problem).not.toBeNull();
        },
      ),
    );
  });

  it("refuses amounts that cannot be funded, with what to do", () => {
    expect(fundingAmountProblem(base)).toBeNull();
    expect(fundingAmountProblem({ ...base, equipmentCostCents: 0 })).toBe(
      "The deal has no equipment cost: set it before funding.",
    );
    expect(fundingAmountProblem({ ...base, downPaymentCents: 6_000_000 })).toBe(
      "The down payment and fees are more than the equipment cost: check the approval.",
    );
    expect(fundingAmountProblem({ ...base, feesCents: 0.5 })).toBe("The amounts must be whole cents, none below $0.");
    expect(fundingAmountProblem({ ...base, downPaymentCents: 5_000_000, feesCents: 750_000 })).toBe(
      "The amount to the dealer must be more than $0.",
    );
  });

  it("turns the deal's dollars into cents without float drift", () => {
    expect(dollarsToCents(57500)).toBe(5_750_000);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(1234567.89)).toBe(123_456_789);
    fc.assert(
      fc.property(fc.nat(99_999_999_999), (cents) => {
        expect(dollarsToCents(cents / 100)).toBe(cents);
      }),
    );
  });
});
