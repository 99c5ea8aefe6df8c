import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amortizedPayment, roundCents } from "./amortized-payment.ts";

// Prices in whole cents, rates in hundredths of a percent: realistic inputs whose neighbours
// differ by at least one unit, so strict comparisons are not floating-point noise.
const principal = fc.integer({ min: 1, max: 1_000_000_000 }).map((cents) => cents / 100);
const ratePercent = fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100);
const months = fc.integer({ min: 1, max: 600 });

function literalClosedForm(p: number, annualPercent: number, n: number): number {
  const r = annualPercent / 12 / 100;
  return r === 0 ? p / n : (p * r) / (1 - Math.pow(1 + r, -n));
}

describe("amortizedPayment, hand-checked", () => {
  it("$10,000 at 12% over 12 months is $888.49", () => {
    // r = 12 / 12 / 100 = 0.01
    // 1.01^12 = 1.1268250301..., so 1.01^-12 = 0.8874492253 and 1 - 0.8874492253 = 0.1125507747
    // P*r = 10,000 x 0.01 = 100;  100 / 0.1125507747 = 888.4878868 -> $888.49
    expect(roundCents(amortizedPayment(10_000, 12, 12))).toBe(888.49);
    expect(amortizedPayment(10_000, 12, 12)).toBeCloseTo(888.4878868, 6);
  });

  it("$57,500 at 9% over 60 months is $1,193.61", () => {
    // r = 9 / 12 / 100 = 0.0075
    // 1.0075^60 = 1.5656810269..., so 1.0075^-60 = 0.6386996986 and 1 - it = 0.3613003014
    // P*r = 57,500 x 0.0075 = 431.25;  431.25 / 0.3613003014 = 1193.6054255 -> $1,193.61
    expect(roundCents(amortizedPayment(57_500, 9, 60))).toBe(1193.61);
  });

  it("$97,750 at 15% over 24 months is $4,739.57", () => {
    // r = 15 / 12 / 100 = 0.0125
    // 1.0125^24 = 1.3473510504..., so 1.0125^-24 = 0.7421970686 and 1 - it = 0.2578029314
    // P*r = 97,750 x 0.0125 = 1221.875;  1221.875 / 0.2578029314 = 4739.5698466 -> $4,739.57
    expect(roundCents(amortizedPayment(97_750, 15, 24))).toBe(4739.57);
  });

  it("$13,800 at 30% over 24 months is $771.60", () => {
    // r = 30 / 12 / 100 = 0.025
    // 1.025^24 = 1.8087259496..., so 1.025^-24 = 0.5528753542 and 1 - it = 0.4471246458
    // P*r = 13,800 x 0.025 = 345;  345 / 0.4471246458 = 771.5969210 -> $771.60
    expect(roundCents(amortizedPayment(13_800, 30, 24))).toBe(771.6);
  });

  it("a rate of 0 divides the principal evenly: $1,000 over 24 months is $41.67", () => {
    // 1000 / 24 = 41.6666... -> $41.67
    expect(amortizedPayment(1_000, 0, 24)).toBe(1_000 / 24);
    expect(roundCents(amortizedPayment(1_000, 0, 24))).toBe(41.67);
  });

  it("over one month repays the principal plus one month of interest", () => {
    // r = 0.01: 1000 x 0.01 / (1 - 1/1.01) = 10 / (0.01/1.01) = 1010
    expect(amortizedPayment(1_000, 12, 1)).toBeCloseTo(1_010, 9);
  });

  it("a principal of 0 pays 0", () => {
    expect(amortizedPayment(0, 18, 36)).toBe(0);
  });

  it.each([
    ["negative principal", -1, 10, 12],
    ["NaN principal", Number.NaN, 10, 12],
    ["infinite principal", Infinity, 10, 12],
    ["negative rate", 1_000, -1, 12],
    ["NaN rate", 1_000, Number.NaN, 12],
    ["zero months", 1_000, 10, 0],
    ["fractional months", 1_000, 10, 12.5],
    ["NaN months", 1_000, 10, Number.NaN],
  ])("refuses %s", (_label, p, rate, n) => {
    expect(() => amortizedPayment(p, rate, n)).toThrow(RangeError);
  });
});

describe("amortizedPayment, properties", () => {
  it("decreases as the term grows", () => {
    // Up to 10 years. Far longer terms at high rates converge on interest-only (P*r) closer
    // than a double can tell apart, so there the payment only never increases.
    const upToTenYears = fc.integer({ min: 1, max: 120 });
    fc.assert(
      fc.property(principal, ratePercent, upToTenYears, upToTenYears, (p, rate, a, b) => {
        fc.pre(a !== b);
        const [shorter, longer] = a < b ? [a, b] : [b, a];
        expect(amortizedPayment(p, rate, longer)).toBeLessThan(amortizedPayment(p, rate, shorter));
      }),
    );
    fc.assert(
      fc.property(principal, ratePercent, months, months, (p, rate, a, b) => {
        const [shorter, longer] = a < b ? [a, b] : [b, a];
        expect(amortizedPayment(p, rate, longer)).toBeLessThanOrEqual(amortizedPayment(p, rate, shorter));
      }),
    );
  });

  it("increases with the principal", () => {
    fc.assert(
      fc.property(principal, principal, ratePercent, months, (a, b, rate, n) => {
        fc.pre(a !== b);
        const [smaller, larger] = a < b ? [a, b] : [b, a];
        expect(amortizedPayment(larger, rate, n)).toBeGreaterThan(amortizedPayment(smaller, rate, n));
      }),
    );
  });

  it("increases with the rate", () => {
    fc.assert(
      fc.property(principal, ratePercent, ratePercent, months, (p, a, b, n) => {
        fc.pre(a !== b);
        const [lower, higher] = a < b ? [a, b] : [b, a];
        expect(amortizedPayment(p, higher, n)).toBeGreaterThan(amortizedPayment(p, lower, n));
      }),
    );
  });

  it("is within a cent of the literal closed form, once rounded", () => {
    const upToTenMillion = fc.integer({ min: 0, max: 1_000_000_000 }).map((cents) => cents / 100);
    fc.assert(
      fc.property(upToTenMillion, ratePercent, months, (p, rate, n) => {
        const diff = Math.abs(roundCents(amortizedPayment(p, rate, n)) - literalClosedForm(p, rate, n));
        expect(diff).toBeLessThanOrEqual(0.01);
      }),
    );
  });

  it("is never NaN or infinite for valid input, even at vanishing rates", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e12, noNaN: true }),
        fc.double({ min: 0, max: 1_000, noNaN: true }),
        months,
        (p, rate, n) => {
          const payment = amortizedPayment(p, rate, n);
          expect(Number.isFinite(payment)).toBe(true);
          expect(payment).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it("tends to P/n as the rate tends to 0", () => {
    fc.assert(
      fc.property(principal, months, fc.double({ min: 1e-300, max: 1e-9, noNaN: true }), (p, n, rate) => {
        expect(amortizedPayment(p, rate, n)).toBeCloseTo(p / n, 4);
      }),
    );
  });

  it("never pays back less than the principal", () => {
    fc.assert(
      fc.property(principal, ratePercent, months, (p, rate, n) => {
        expect(amortizedPayment(p, rate, n) * n).toBeGreaterThanOrEqual(p * (1 - 1e-12));
      }),
    );
  });
});

describe("roundCents", () => {
  it.each([
    [888.4878868, 888.49],
    [1.234999, 1.23],
    [1.005, 1.01], // 1.005 * 100 is 100.49999999999999 in binary: still rounds up
    [2.675, 2.68],
    [0.125, 0.13],
    [-0.125, -0.13], // half away from zero, not half up
    [-1.005, -1.01],
    [12, 12],
    [0.004, 0],
  ])("%s -> %s", (x, expected) => {
    expect(roundCents(x)).toBe(expected);
  });

  it("never returns -0", () => {
    expect(Object.is(roundCents(-0.004), 0)).toBe(true);
    expect(Object.is(roundCents(-0), 0)).toBe(true);
  });

  it("refuses NaN and infinities", () => {
    expect(() => roundCents(Number.NaN)).toThrow(RangeError);
    expect(() => roundCents(-Infinity)).toThrow(RangeError);
  });

  it("moves a value by at most half a cent, to a whole number of cents, symmetrically", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (x) => {
        const rounded = roundCents(x);
        expect(Math.abs(rounded - x)).toBeLessThanOrEqual(0.005 + 1e-6);
        expect(Number.isInteger(Math.round(rounded * 100))).toBe(true);
        expect(Math.abs(rounded * 100 - Math.round(rounded * 100))).toBeLessThan(1e-3);
        expect(roundCents(-x)).toBe(rounded === 0 ? 0 : -rounded);
      }),
    );
  });

  it("leaves whole cents unchanged", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        expect(roundCents(cents / 100)).toBe(cents / 100);
      }),
    );
  });
});
