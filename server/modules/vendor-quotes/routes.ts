import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listPortalQuotes, resendPortalQuote, sendPortalQuote, withdrawPortalQuote } from "#domain/api/portal-quotes.ts";
import { openQuoteLink as openQuoteLinkEndpoint } from "#domain/api/quote-links.ts";
import { registerEndpoint } from "../../register-endpoint.ts";
import { requireVendorScope } from "../deals/vendor-scope.ts";
import { openQuoteLink } from "./open-quote-link.ts";
import { listVendorQuotes } from "./portal-quote-row.ts";
import { resendVendorQuote, sendVendorQuote, withdrawVendorQuote, type QuoteContext } from "./send-vendor-quote.ts";
import { vendorSlugOf } from "./vendor-slug-of.ts";

/** The portal's quotes (scoped to the session's company, ADR 0009) and the customer's link. */
export const vendorQuoteRoutes: FastifyPluginAsyncZod<{ context: QuoteContext }> = async (app, { context }) => {
  const vendorFirst = { onRequest: async (request: FastifyRequest) => void (await requireVendorScope(app, request)) };
  const noStore = (reply: { header(name: string, value: string): unknown }) => reply.header("cache-control", "no-store");

  registerEndpoint(
    app,
    listPortalQuotes,
    async (request, reply) => {
      const scope = await requireVendorScope(app, request);
      noStore(reply);
      return { quotes: await listVendorQuotes(app.db, scope), vendorSlug: await vendorSlugOf(app.db, scope.companyId) };
    },
    vendorFirst,
  );
  registerEndpoint(
    app,
    sendPortalQuote,
    async (request, reply) => {
      const scope = await requireVendorScope(app, request);
      const quote = await sendVendorQuote(app.db, scope, context, request.body);
      noStore(reply);
      return quote;
    },
    vendorFirst,
  );
  registerEndpoint(
    app,
    resendPortalQuote,
    async (request, reply) => {
      const scope = await requireVendorScope(app, request);
      const quote = await resendVendorQuote(app.db, scope, context, request.params.id);
      noStore(reply);
      return quote;
    },
    vendorFirst,
  );
  registerEndpoint(
    app,
    withdrawPortalQuote,
    async (request, reply) => {
      const scope = await requireVendorScope(app, request);
      noStore(reply);
      return withdrawVendorQuote(app.db, scope, request.params.id);
    },
    vendorFirst,
  );

  // Public: per address, like the other quote endpoints.
  registerEndpoint(
    app,
    openQuoteLinkEndpoint,
    async (request, reply) => {
      noStore(reply);
      return openQuoteLink(app.db, request.body.token);
    },
    { config: { rateLimit: { max: 60, timeWindow: "1 minute" } } },
  );
};
