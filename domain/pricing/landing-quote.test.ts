import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { amortizedPayment, roundCents } from "./amortized-payment.ts";
import {
  LANDING_BUSINESS_START_YEARS_BACK,
  LANDING_CREDIT_SCORE_TOO_LOW_MESSAGE,
  LANDING_RATE_TIERS,
  LANDING_TERMS,
  isLandingCreditScoreAccepted,
  landingAnnualRate,
  landingBusinessStartYearOptions,
  landingCreditScoreSchema,
  landingMonthsInBusiness,
  landingQuote,
  type LandingQuoteInput,
} from "./landing-quote.ts";

const currentYear = 2026;

const base: LandingQuoteInput = {
  creditScore: 700,
  bankruptcy: false,
  oldestDebtUnderFiveYears: false,
  businessStartYear: 2024,
  currentYear,
  equipmentCost: 50_000,
  desiredTerm: 12,
};

describe("landingAnnualRate", () => {
  it.each([
    [541, 25],
    [580, 25],
    [581, 18],
    [600, 18], // in the <= 620 row, not the <= 580 one
    [620, 18],
    [621, 16],
    [640, 16],
    [641, 12],
    [650, 12],
    [670, 12],
    [671, 9],
    [700, 9],
    [701, 8],
    [729, 8],
    [730, 6],
    [900, 6],
  ])("score %s -> %s%%", (score, rate) => {
    expect(landingAnnualRate(score)).toBe(rate);
  });

  it("prices no score above 900", () => {
    expect(() => landingAnnualRate(901)).toThrow(RangeError);
  });

  it("has ascending bounds", () => {
    const bounds = LANDING_RATE_TIERS.map((row) => row.upTo);
    expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
  });
});

describe("landing credit score validation", () => {
  it.each([
    [540, false],
    [541, true],
    [900, true],
    [901, false],
    [600.5, false],
    [Number.NaN, false],
  ])("score %s accepted: %s", (score, accepted) => {
    expect(isLandingCreditScoreAccepted(score)).toBe(accepted);
  });

  it("refuses 540 with the spec's message", () => {
    const result = landingCreditScoreSchema.safeParse(540);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Credit needs to be higher than 540");
    expect(LANDING_CREDIT_SCORE_TOO_LOW_MESSAGE).toBe("Credit needs to be higher than 540");
  });
});

describe("landing business-start years", () => {
  it.each([
    [2026, 0],
    [2025, 12],
    [2024, 24],
    [2023, 48], // the spec's code: 3 years ago is 48, not 36
    [2022, 60],
    [2021, 72],
    [2020, 72],
    [2001, 72],
    [1950, 72],
  ])("started %s -> %s months", (year, months) => {
    expect(landingMonthsInBusiness(year, currentYear)).toBe(months);
  });

  it("refuses a start year in the future", () => {
    expect(() => landingMonthsInBusiness(2027, currentYear)).toThrow(RangeError);
  });

  it("offers the current year and each of the 25 years before it, newest first", () => {
    const options = landingBusinessStartYearOptions(currentYear);
    expect(options).toHaveLength(LANDING_BUSINESS_START_YEARS_BACK + 1);
    expect(options.map((option) => option.year)).toEqual(Array.from({ length: 26 }, (_, i) => 2026 - i));
    expect(options.slice(0, 6)).toEqual([
      { year: 2026, monthsInBusiness: 0 },
      { year: 2025, monthsInBusiness: 12 },
      { year: 2024, monthsInBusiness: 24 },
      { year: 2023, monthsInBusiness: 48 },
      { year: 2022, monthsInBusiness: 60 },
      { year: 2021, monthsInBusiness: 72 },
    ]);
    expect(options.at(-1)).toEqual({ year: 2001, monthsInBusiness: 72 });
  });

  it("moves with the current year", () => {
    expect(landingBusinessStartYearOptions(2030)[0]).toEqual({ year: 2030, monthsInBusiness: 0 });
  });
});

describe("landingQuote, eligibility", () => {
  it("computes nothing after a bankruptcy", () => {
    expect(landingQuote({ ...base, bankruptcy: true })).toEqual({ eligible: false, reason: "bankruptcy" });
  });

  it("computes nothing when the oldest debt is under 5 years", () => {
    expect(landingQuote({ ...base, oldestDebtUnderFiveYears: true })).toEqual({
      eligible: false,
      reason: "young-credit",
    });
  });

  it("reports the bankruptcy when both hold", () => {
    expect(landingQuote({ ...base, bankruptcy: true, oldestDebtUnderFiveYears: true })).toEqual({
      eligible: false,
      reason: "bankruptcy",
    });
  });
});

describe("landingQuote, hand-checked", () => {
  it("score 700, $50,000, started 2 years ago, desired 12 months", () => {
    // 700 -> 9%; 2 years ago -> code 24 -> +15%: financed 50,000 x 1.15 = 57,500; r = 0.0075, P*r = 431.25
    // 24: 1.0075^-24 = 0.8358314040, 431.25 / 0.1641685960 = 2626.8726811 -> 2626.87
    // 36: 1.0075^-36 = 0.7641489606, 431.25 / 0.2358510394 = 1828.4846279 -> 1828.48
    // 48: 1.0075^-48 = 0.6986141359, 431.25 / 0.3013858641 = 1430.8899365 -> 1430.89
    // 60: 1.0075^-60 = 0.6386996986, 431.25 / 0.3613003014 = 1193.6054255 -> 1193.61
    // 12: 1.0075^-12 = 0.9142381550, 431.25 / 0.0857618450 = 5028.4599143 -> 5028.46
    expect(landingQuote(base)).toEqual({
      eligible: true,
      annualRate: 9,
      monthsInBusiness: 24,
      markupPercent: 15,
      financedAmount: 57_500,
      payments: { 24: 2626.87, 36: 1828.48, 48: 1430.89, 60: 1193.61, desired: 5028.46 },
    });
  });

  it("score 760, $100,000, started 10 years ago, desired 60 months", () => {
    // 760 -> 6%; 10 years ago -> code 72 -> +3%: financed 103,000; r = 0.005, P*r = 515
    // 24: 1.005^-24 = 0.8871856689, 515 / 0.1128143311 = 4565.0228560 -> 4565.02
    // 36: 1.005^-36 = 0.8356449188, 515 / 0.1643550812 = 3133.4595575 -> 3133.46
    // 48: 1.005^-48 = 0.7870984111, 515 / 0.2129015889 = 2418.9579919 -> 2418.96
    // 60: 1.005^-60 = 0.7413721962, 515 / 0.2586278038 = 1991.2785575 -> 1991.28
    expect(
      landingQuote({ ...base, creditScore: 760, businessStartYear: 2016, equipmentCost: 100_000, desiredTerm: 60 }),
    ).toEqual({
      eligible: true,
      annualRate: 6,
      monthsInBusiness: 72,
      markupPercent: 3,
      financedAmount: 103_000,
      payments: { 24: 4565.02, 36: 3133.46, 48: 2418.96, 60: 1991.28, desired: 1991.28 },
    });
  });

  it.each([
    [2025, 12, 15],
    [2023, 48, 4], // code 48 skips the +8% row: only a code of 25-36 would reach it
    [2022, 60, 4],
  ])("started %s -> code %s -> +%s%%", (year, code, markup) => {
    const quote = landingQuote({ ...base, businessStartYear: year });
    expect(quote).toMatchObject({ eligible: true, monthsInBusiness: code, markupPercent: markup });
  });
});

describe("landingQuote, refusals", () => {
  it("refuses a score of 540 with the spec's message", () => {
    expect(() => landingQuote({ ...base, creditScore: 540 })).toThrow(z.core.$ZodError);
    expect(() => landingQuote({ ...base, creditScore: 540 })).toThrow(LANDING_CREDIT_SCORE_TOO_LOW_MESSAGE);
  });

  it("accepts a score of 541", () => {
    expect(landingQuote({ ...base, creditScore: 541 })).toMatchObject({ eligible: true, annualRate: 25 });
  });

  it.each([
    ["a score above 900", { creditScore: 901 }],
    ["a start year in the future", { businessStartYear: 2027 }],
    ["a cost of 0", { equipmentCost: 0 }],
    ["a negative cost", { equipmentCost: -1 }],
    ["a NaN cost", { equipmentCost: Number.NaN }],
    ["a term not offered", { desiredTerm: 18 }],
  ])("refuses %s", (_label, patch) => {
    expect(() => landingQuote({ ...base, ...patch } as LandingQuoteInput)).toThrow(z.core.$ZodError);
  });
});

describe("landingQuote, properties", () => {
  const input = fc.record({
    creditScore: fc.integer({ min: 541, max: 900 }),
    bankruptcy: fc.constant(false),
    oldestDebtUnderFiveYears: fc.constant(false),
    businessStartYear: fc.integer({ min: currentYear - 40, max: currentYear }),
    currentYear: fc.constant(currentYear),
    equipmentCost: fc.integer({ min: 1, max: 100_000_000_000 }).map((cents) => cents / 100),
    desiredTerm: fc.constantFrom(...LANDING_TERMS),
  });

  it("pays less the longer the term, never NaN, and matches the amortised payment", () => {
    fc.assert(
      fc.property(input, (answers) => {
        const quote = landingQuote(answers);
        if (!quote.eligible) throw new Error("expected an eligible quote");
        const { payments } = quote;
        for (const value of Object.values(payments)) expect(Number.isFinite(value)).toBe(true);
        expect(payments[36]).toBeLessThanOrEqual(payments[24]);
        expect(payments[48]).toBeLessThanOrEqual(payments[36]);
        expect(payments[60]).toBeLessThanOrEqual(payments[48]);
        const principal = (answers.equipmentCost * (100 + quote.markupPercent)) / 100;
        expect(payments.desired).toBe(roundCents(amortizedPayment(principal, quote.annualRate, answers.desiredTerm)));
      }),
    );
  });

  it("never prices a visitor with a bankruptcy or young credit", () => {
    fc.assert(
      fc.property(input, fc.boolean(), fc.boolean(), (answers, bankruptcy, young) => {
        fc.pre(bankruptcy || young);
        const quote = landingQuote({ ...answers, bankruptcy, oldestDebtUnderFiveYears: young });
        expect(quote.eligible).toBe(false);
        expect(Object.keys(quote).sort()).toEqual(["eligible", "reason"]);
      }),
    );
  });
});
