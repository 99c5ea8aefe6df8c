import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  CALCULATOR_RATE_TIERS,
  CALCULATOR_TERMS,
  CARD_NOTE_RATE_THRESHOLD_PERCENT,
  DEPENDS_ON_BANK_STATEMENTS,
  EARLY_PAYOFF_NOTE,
  LIMITED_CREDIT_NOTE,
  LOW_CREDIT_NOTE,
  calculatorAnnualRate,
  calculatorDownPayment,
  calculatorMonthsInBusiness,
  calculatorQuote,
  cardNotes,
  lowPaymentNote,
  type CalculatorQuoteInput,
  type DownPaymentFacts,
} from "./calculator-quote.ts";

const currentYear = 2026;

const goodCredit: CalculatorQuoteInput = {
  price: 100_000,
  creditScore: 699,
  oldestDebtUnderFiveYears: false,
  bankruptcy: false,
  firstTimeBuyer: true,
  businessStartYear: 2016,
  currentYear,
  monthlyEarnings: 20_000,
};

const highRate: CalculatorQuoteInput = {
  price: 20_000,
  creditScore: 600,
  oldestDebtUnderFiveYears: false,
  bankruptcy: false,
  firstTimeBuyer: false,
  businessStartYear: 2000,
  currentYear,
  monthlyEarnings: 8_000,
};

describe("calculatorAnnualRate", () => {
  it.each([
    [300, 35],
    [580, 35],
    [581, 30],
    [600, 30], // in the <= 620 row: the first row that holds wins, not the last
    [620, 30],
    [621, 25],
    [640, 25],
    [641, 18],
    [650, 18],
    [670, 18],
    [671, 15],
    [700, 15],
    [701, 12],
    [729, 12],
    [730, 9],
    [900, 9],
  ])("score %s -> %s%%", (score, rate) => {
    expect(calculatorAnnualRate(score, false)).toBe(rate);
  });

  it.each([500, 600, 700, 780, 900])("young credit prices score %s as 600 would: 30%%", (score) => {
    expect(calculatorAnnualRate(score, true)).toBe(30);
  });

  it("has ascending bounds", () => {
    const bounds = CALCULATOR_RATE_TIERS.map((row) => row.upTo);
    expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
  });
});

describe("calculatorMonthsInBusiness", () => {
  it.each([
    [2026, 0],
    [2025, 12],
    [2023, 36],
    [2022, 48],
    [1900, 1512],
  ])("started %s -> %s months", (year, months) => {
    expect(calculatorMonthsInBusiness(year, currentYear)).toBe(months);
  });
});

describe("calculatorDownPayment", () => {
  const seasoned: DownPaymentFacts = { annualRate: 15, monthsInBusiness: 120, firstTimeBuyer: true, creditScore: 699 };

  it.each<[string, Partial<DownPaymentFacts>, number, number]>([
    ["rule 1: rate 25", { annualRate: 25 }, 1, 40],
    ["rule 1: rate 35", { annualRate: 35 }, 1, 40],
    ["rule 1 beats rule 2: rate 25, first-time, score 780", { annualRate: 25, creditScore: 780 }, 1, 40],
    ["rule 1: 36 months in business", { monthsInBusiness: 36 }, 1, 40],
    ["rule 1: 0 months in business", { monthsInBusiness: 0 }, 1, 40],
    ["not rule 1: 37 months in business", { monthsInBusiness: 37 }, 2, 15],
    ["not rule 1: rate 18", { annualRate: 18 }, 2, 15],
    ["rule 2: first-time, score 650", { creditScore: 650 }, 2, 15],
    ["rule 4: first-time, score 649", { creditScore: 649 }, 4, 50],
    ["rule 3: returning, score 650", { firstTimeBuyer: false, creditScore: 650 }, 3, 40],
    ["rule 3: returning, score 641", { firstTimeBuyer: false, creditScore: 641 }, 3, 40],
    ["rule 5: returning, score 651", { firstTimeBuyer: false, creditScore: 651 }, 5, 0],
    ["rule 5: returning, score 780", { firstTimeBuyer: false, creditScore: 780 }, 5, 0],
  ])("%s", (_label, patch, rule, percent) => {
    expect(calculatorDownPayment({ ...seasoned, ...patch })).toEqual({ rule, percent });
  });
});

describe("cardNotes", () => {
  it("advertises the payment below 20%", () => {
    expect(cardNotes(18, 24, 4739.57)).toEqual(["only $4,739.57 in 24 months"]);
    expect(cardNotes(19.99, 60, 12.3)).toEqual(["only $12.30 in 60 months"]);
  });

  it.each([
    [24, [EARLY_PAYOFF_NOTE]],
    [36, [EARLY_PAYOFF_NOTE]],
    [48, [EARLY_PAYOFF_NOTE, LIMITED_CREDIT_NOTE]],
    [60, [EARLY_PAYOFF_NOTE, LOW_CREDIT_NOTE]],
  ])("above 20%%, the %s-month card shows %j", (term, notes) => {
    expect(cardNotes(20.01, term, 100)).toEqual(notes);
    expect(cardNotes(30, term, 100)).toEqual(notes);
  });

  it("shows no note at exactly 20%", () => {
    for (const term of CALCULATOR_TERMS) expect(cardNotes(20, term, 100)).toEqual([]);
  });

  it("never meets 20% from the rate table, with or without young credit", () => {
    expect(CALCULATOR_RATE_TIERS.map((row) => row.value)).not.toContain(CARD_NOTE_RATE_THRESHOLD_PERCENT);
  });

  it("keeps the spec's wording", () => {
    expect(EARLY_PAYOFF_NOTE).toBe("Early-payoff discount may be available");
    expect(LIMITED_CREDIT_NOTE).toBe("Based on limited credit profile, you may not be eligible for this option");
    expect(LOW_CREDIT_NOTE).toBe("Based on low credit, you may not be eligible for this option");
    expect(DEPENDS_ON_BANK_STATEMENTS).toBe("Depends on Bank Statements");
    expect(lowPaymentNote(1_234_567.5, 36)).toBe("only $1,234,567.50 in 36 months");
  });
});

describe("calculatorQuote, hand-checked", () => {
  it("score 699, first-time buyer, 10 years in business, $100,000", () => {
    // 699 -> 15%, r = 0.0125; 120 months in business, first-time and 699 >= 650 -> rule 2, 15% down
    // base = 100,000 x 0.85 = 85,000; average earnings = 5,000 + 20,000 x t
    // 24: 85,000 x 1.15 = 97,750; P*r = 1221.875; 1.0125^-24 = 0.7421970686
    //     1221.875 / 0.2578029314 = 4739.5698466 -> 4739.57; x 1.09 = 5166.1311328 -> 5166.13
    // 36: 85,000 x 1.08 = 91,800; P*r = 1147.5; 1.0125^-36 = 0.6394091578
    //     1147.5 / 0.3605908422 = 3182.2771567 -> 3182.28; x 1.09 = 3468.6821008 -> 3468.68
    // 48: 85,000 x 1.04 = 88,400; P*r = 1105; 1.0125^-48 = 0.5508564886
    //     1105 / 0.4491435114 = 2460.2381468 -> 2460.24; x 1.09 = 2681.6595800 -> 2681.66
    // 60: 88,400; 1.0125^-60 = 0.4745676026
    //     1105 / 0.5254323974 = 2103.0298196 -> 2103.03; x 1.09 = 2292.3025034 -> 2292.30
    const quote = calculatorQuote(goodCredit);
    expect(quote).toMatchObject({
      annualRate: 15,
      monthsInBusiness: 120,
      downPayment: { rule: 2, percent: 15 },
      downPaymentAmount: 15_000,
      financedBase: 85_000,
    });
    expect(quote.cards).toEqual([
      {
        term: 24,
        markupPercent: 15,
        principal: 97_750,
        payment: { low: 4739.57, high: 5166.13 },
        rate: { low: 15, high: 20 },
        bankStatements: "Depends on Bank Statements",
        notes: ["only $4,739.57 in 24 months"],
        averageEarnings: 485_000,
      },
      {
        term: 36,
        markupPercent: 8,
        principal: 91_800,
        payment: { low: 3182.28, high: 3468.68 },
        rate: { low: 15, high: 20 },
        bankStatements: "Depends on Bank Statements",
        notes: ["only $3,182.28 in 36 months"],
        averageEarnings: 725_000,
      },
      {
        term: 48,
        markupPercent: 4,
        principal: 88_400,
        payment: { low: 2460.24, high: 2681.66 },
        rate: { low: 15, high: 20 },
        bankStatements: "Depends on Bank Statements",
        notes: ["only $2,460.24 in 48 months"],
        averageEarnings: 965_000,
      },
      {
        term: 60,
        markupPercent: 4,
        principal: 88_400,
        payment: { low: 2103.03, high: 2292.3 },
        rate: { low: 15, high: 20 },
        bankStatements: "Depends on Bank Statements",
        notes: ["only $2,103.03 in 60 months"],
        averageEarnings: 1_205_000,
      },
    ]);
  });

  it("score 600, returning buyer, $20,000", () => {
    // 600 -> 30% (>= 25) -> rule 1, 40% down; base = 20,000 x 0.6 = 12,000; r = 0.025
    // 24: 12,000 x 1.15 = 13,800; P*r = 345; 1.025^-24 = 0.5528753542
    //     345 / 0.4471246458 = 771.5969210 -> 771.60; x 1.09 = 841.0406439 -> 841.04
    // 36: 12,000 x 1.08 = 12,960; P*r = 324; 1.025^-36 = 0.4110937233
    //     324 / 0.5889062767 = 550.1724346 -> 550.17
    // 48: 12,000 x 1.04 = 12,480; P*r = 312; 1.025^-48 = 0.3056711573
    //     312 / 0.6943288427 = 449.3548025 -> 449.35
    // 60: 12,480; 1.025^-60 = 0.2272835879
    //     312 / 0.7727164121 = 403.7703808 -> 403.77
    const quote = calculatorQuote(highRate);
    expect(quote).toMatchObject({
      annualRate: 30,
      downPayment: { rule: 1, percent: 40 },
      downPaymentAmount: 8_000,
      financedBase: 12_000,
    });
    expect(quote.cards.map((card) => [card.term, card.principal, card.payment.low])).toEqual([
      [24, 13_800, 771.6],
      [36, 12_960, 550.17],
      [48, 12_480, 449.35],
      [60, 12_480, 403.77],
    ]);
    expect(quote.cards[0]!.payment.high).toBe(841.04);
    expect(quote.cards.map((card) => card.rate)).toEqual(CALCULATOR_TERMS.map(() => ({ low: 30, high: 35 })));
    expect(quote.cards.map((card) => card.notes)).toEqual([
      [EARLY_PAYOFF_NOTE],
      [EARLY_PAYOFF_NOTE],
      [EARLY_PAYOFF_NOTE, LIMITED_CREDIT_NOTE],
      [EARLY_PAYOFF_NOTE, LOW_CREDIT_NOTE],
    ]);
    expect(quote.cards.map((card) => card.averageEarnings)).toEqual([197_000, 293_000, 389_000, 485_000]);
  });
});

describe("calculatorQuote, rules end to end", () => {
  it("young credit prices at 30% and takes 40% down even at 780", () => {
    const quote = calculatorQuote({ ...goodCredit, creditScore: 780, oldestDebtUnderFiveYears: true });
    expect(quote.annualRate).toBe(30);
    expect(quote.downPayment).toEqual({ rule: 1, percent: 40 });
  });

  it("a business 3 years old takes 40% down at any score", () => {
    const quote = calculatorQuote({ ...goodCredit, creditScore: 780, businessStartYear: 2023 });
    expect(quote).toMatchObject({ monthsInBusiness: 36, annualRate: 9, downPayment: { rule: 1, percent: 40 } });
  });

  it("a business 4 years old does not", () => {
    const quote = calculatorQuote({ ...goodCredit, creditScore: 780, businessStartYear: 2022 });
    expect(quote).toMatchObject({ monthsInBusiness: 48, downPayment: { rule: 2, percent: 15 } });
  });

  it("a first-time buyer at 645 puts 50% down", () => {
    const quote = calculatorQuote({ ...goodCredit, creditScore: 645, price: 52_000 });
    expect(quote).toMatchObject({ annualRate: 18, downPayment: { rule: 4, percent: 50 }, financedBase: 26_000 });
    expect(quote.cards.map((card) => card.principal)).toEqual([29_900, 28_080, 27_040, 27_040]);
  });

  it("a returning buyer at 650 puts 40% down, at 651 nothing", () => {
    expect(calculatorQuote({ ...goodCredit, firstTimeBuyer: false, creditScore: 650 }).downPayment).toEqual({
      rule: 3,
      percent: 40,
    });
    const quote = calculatorQuote({ ...goodCredit, firstTimeBuyer: false, creditScore: 651 });
    expect(quote).toMatchObject({ downPayment: { rule: 5, percent: 0 }, downPaymentAmount: 0, financedBase: 100_000 });
  });

  it("refuses a start year in the future, a price of 0, a score above 900 and negative earnings", () => {
    expect(() => calculatorQuote({ ...goodCredit, businessStartYear: 2027 })).toThrow(z.core.$ZodError);
    expect(() => calculatorQuote({ ...goodCredit, price: 0 })).toThrow(z.core.$ZodError);
    expect(() => calculatorQuote({ ...goodCredit, creditScore: 901 })).toThrow(z.core.$ZodError);
    expect(() => calculatorQuote({ ...goodCredit, monthlyEarnings: -1 })).toThrow(z.core.$ZodError);
  });
});

describe("calculatorQuote, properties", () => {
  const input = fc.record({
    price: fc.integer({ min: 1, max: 100_000_000_000 }).map((cents) => cents / 100),
    creditScore: fc.integer({ min: 300, max: 900 }),
    oldestDebtUnderFiveYears: fc.boolean(),
    bankruptcy: fc.boolean(),
    firstTimeBuyer: fc.boolean(),
    businessStartYear: fc.integer({ min: 1900, max: currentYear }),
    currentYear: fc.constant(currentYear),
    monthlyEarnings: fc.integer({ min: 0, max: 10_000_000_00 }).map((cents) => cents / 100),
  });

  it("ignores bankruptcy", () => {
    fc.assert(
      fc.property(input, (answers) => {
        expect(calculatorQuote({ ...answers, bankruptcy: true })).toEqual(
          calculatorQuote({ ...answers, bankruptcy: false }),
        );
      }),
    );
  });

  it("gives four finite cards whose payments fall as the term grows", () => {
    fc.assert(
      fc.property(input, (answers) => {
        const { cards, downPayment } = calculatorQuote(answers);
        expect(cards.map((card) => card.term)).toEqual([...CALCULATOR_TERMS]);
        expect([0, 15, 40, 50]).toContain(downPayment.percent);
        for (const card of cards) {
          expect(Number.isFinite(card.payment.low)).toBe(true);
          expect(Number.isFinite(card.payment.high)).toBe(true);
          expect(card.payment.high).toBeGreaterThanOrEqual(card.payment.low);
          expect(card.rate.high - card.rate.low).toBe(5);
          expect(card.notes.length).toBeGreaterThan(0);
        }
        for (let i = 1; i < cards.length; i++) {
          expect(cards[i]!.payment.low).toBeLessThanOrEqual(cards[i - 1]!.payment.low);
        }
      }),
    );
  });
});
