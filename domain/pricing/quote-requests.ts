import * as z from "zod/mini";
import { calculatorAnswerShape } from "./calculator-quote.ts";
import { landingAnswerShape } from "./landing-quote.ts";

// The quote endpoints take raw answers without a year: the server prices with its own year in
// the business time zone, and the pricing functions re-validate the whole input.

export const landingQuoteRequest = z.object(landingAnswerShape);

const payments = z.object({ 24: z.number(), 36: z.number(), 48: z.number(), 60: z.number(), desired: z.number() });

export const landingQuoteResponse = z.union([
  z.object({ eligible: z.literal(false), reason: z.enum(["bankruptcy", "young-credit"]) }),
  z.object({ eligible: z.literal(true), annualRate: z.number(), financedAmount: z.number(), payments }),
]);

export type LandingQuoteResponse = z.infer<typeof landingQuoteResponse>;

export const calculatorQuoteRequest = z.object(calculatorAnswerShape);

const range = z.object({ low: z.number(), high: z.number() });

export const calculatorQuoteResponse = z.object({
  annualRate: z.number(),
  monthsInBusiness: z.number(),
  downPayment: z.object({ rule: z.number(), percent: z.number() }),
  downPaymentAmount: z.number(),
  financedBase: z.number(),
  cards: z.readonly(
    z.array(
      z.object({
        term: z.number(),
        principal: z.number(),
        payment: range,
        rate: range,
        bankStatements: z.string(),
        notes: z.readonly(z.array(z.string())),
        averageEarnings: z.number(),
      }),
    ),
  ),
});
