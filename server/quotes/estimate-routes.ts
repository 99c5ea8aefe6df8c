import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { calculatorEstimate, landingEstimate } from "#domain/quotes/estimate-contracts.ts";
import { calculatorQuote } from "#domain/pricing/calculator-quote.ts";
import { landingQuote } from "#domain/pricing/landing-quote.ts";
import { yearInTimeZone } from "#domain/site/business-time.ts";
import { registerEndpoint } from "../register-endpoint.ts";

const quoteRateLimit = { config: { rateLimit: { max: 60, timeWindow: "1 minute" } } };

/** Estimates from raw answers, priced with the server's year in the business time zone. */
export const quoteRoutes: FastifyPluginAsyncZod<{ timeZone: string }> = async (app, { timeZone }) => {
  registerEndpoint(
    app,
    landingEstimate,
    async (request) => landingQuote({ ...request.body, currentYear: yearInTimeZone(new Date(), timeZone) }),
    quoteRateLimit,
  );
  registerEndpoint(
    app,
    calculatorEstimate,
    async (request) => calculatorQuote({ ...request.body, currentYear: yearInTimeZone(new Date(), timeZone) }),
    quoteRateLimit,
  );
};
