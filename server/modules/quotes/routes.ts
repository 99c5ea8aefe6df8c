import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { calculatorQuote } from "#domain/pricing/calculator-quote.ts";
import { landingQuote } from "#domain/pricing/landing-quote.ts";
import { calculatorQuoteRequest, calculatorQuoteResponse, landingQuoteRequest, landingQuoteResponse } from "#domain/pricing/quote-requests.ts";
import { yearInTimeZone } from "#domain/site/business-time.ts";

const quoteRateLimit = { max: 60, timeWindow: "1 minute" };

/** Estimates from raw answers, priced with the server's year in the business time zone. */
export const quoteRoutes: FastifyPluginAsyncZod<{ timeZone: string }> = async (app, { timeZone }) => {
  app.post(
    "/api/quotes/landing",
    { config: { rateLimit: quoteRateLimit }, schema: { tags: ["quotes"], summary: "Landing questionnaire estimate", body: landingQuoteRequest, response: { 200: landingQuoteResponse } } },
    async (request) => landingQuote({ ...request.body, currentYear: yearInTimeZone(new Date(), timeZone) }),
  );
  app.post(
    "/api/quotes/calculator",
    { config: { rateLimit: quoteRateLimit }, schema: { tags: ["quotes"], summary: "GetQualified calculator estimate", body: calculatorQuoteRequest, response: { 200: calculatorQuoteResponse } } },
    async (request) => calculatorQuote({ ...request.body, currentYear: yearInTimeZone(new Date(), timeZone) }),
  );
};
