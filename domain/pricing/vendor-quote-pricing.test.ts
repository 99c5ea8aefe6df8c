import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amortizedPayment, roundCents } from "./amortized-payment.ts";
import { calculatorQuote } from "./calculator-quote.ts";
import { withMarkup } from "./markup.ts";
import { asLowAs, priceVendorQuote, quoteTierCreditScore } from "./vendor-quote-pricing.ts";

const year = 2026;

describe("vendor quotes price with the calculator's rules", () => {
  it("prices each tier as the calculator prices an established, returning buyer at the tier's score", () => {
    for (const tier of [1, 2, 3] as const) {
      const quote = priceVendorQuote(45_000, tier, year);
      const calculator = calculatorQuote({
        price: 45_000,
        creditScore: quoteTierCreditScore[tier],
        oldestDebtUnderFiveYears: false,
        bankruptcy: false,
        firstTimeBuyer: false,
        businessStartYear: year - 5,
        monthlyEarnings: 0,
        currentYear: year,
      });
      expect(quote.terms).toEqual(calculator.cards.map((card) => ({ term: card.term, payment: card.payment.low })));
      expect(quote.annualRate).toBe(calculator.annualRate);
    }
  });

  it("gives A credit 9% and no down payment, F credit 35% and 40% down", () => {
    expect(priceVendorQuote(10_000, 3, year)).toMatchObject({ annualRate: 9, downPaymentPercent: 0 });
    expect(priceVendorQuote(10_000, 2, year)).toMatchObject({ annualRate: 15, downPaymentPercent: 0 });
    expect(priceVendorQuote(10_000, 1, year)).toMatchObject({ annualRate: 35, downPaymentPercent: 40 });
    expect(priceVendorQuote(10_000, null, year).tier).toBe(3);
  });
});

describe("as low as", () => {
  it("is the best tier's 60-month payment: 45,000 + 4% at 9% over 60 months", () => {
    expect(asLowAs(45_000, year)).toEqual({
      payment: roundCents(amortizedPayment(withMarkup(45_000, 60), 9, 60)),
      term: 60,
      annualRate: 9,
    });
    expect(asLowAs(45_000, year).payment).toBe(971.49);
  });

  it("is never above any payment the quote offers for the same price", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (price) => {
        const lowest = asLowAs(price, year).payment;
        for (const tier of [1, 2, 3] as const) {
          for (const entry of priceVendorQuote(price, tier, year).terms)
            expect(lowest).toBeLessThanOrEqual(entry.payment);
        }
      }),
    );
  });
});
