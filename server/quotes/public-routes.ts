import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { calculatorEstimate, landingEstimate } from "#domain/quotes/estimate-contracts.ts";
import { openQuoteLink as openQuoteLinkEndpoint } from "#domain/quotes/public-contracts.ts";
import { calculatorQuote } from "#domain/pricing/calculator-quote.ts";
import { landingQuote } from "#domain/pricing/landing-quote.ts";
import { yearInTimeZone } from "#domain/site/business-time.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { openQuoteLink } from "./open-quote-link.ts";

const quoteRateLimit = { config: { rateLimit: { max: 60, timeWindow: "1 minute" } } };

/**
 * Public, per address: estimates from raw answers (priced with the server's year in the business
 * time zone), and a customer's quote link.
 */
export const publicQuoteRoutes: FastifyPluginAsyncZod<{ timeZone: string }> = async (app, { timeZone }) => {
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
  registerEndpoint(
    app,
    openQuoteLinkEndpoint,
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return openQuoteLink(app.db, request.body.token);
    },
    quoteRateLimit,
  );
};
