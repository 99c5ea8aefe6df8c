import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  listPortalQuotes,
  resendPortalQuote,
  sendPortalQuote,
  withdrawPortalQuote,
} from "#domain/quotes/portal-contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { listVendorQuotes } from "./portal-quote-row.ts";
import { resendVendorQuote, sendVendorQuote, withdrawVendorQuote, type QuoteContext } from "./send-vendor-quote.ts";
import { vendorSlugOf } from "./vendor-slug-of.ts";

/** The portal's quotes: scoped to the session's company (ADR 0009). */
export const vendorQuoteRoutes: FastifyPluginAsyncZod<{ context: QuoteContext }> = async (app, { context }) => {
  const noStore = (reply: { header(name: string, value: string): unknown }) =>
    reply.header("cache-control", "no-store");

  registerEndpoint(app, listPortalQuotes, async (request, reply, scope) => {
    noStore(reply);
    return { quotes: await listVendorQuotes(app.db, scope), vendorSlug: await vendorSlugOf(app.db, scope.companyId) };
  });
  registerEndpoint(app, sendPortalQuote, async (request, reply, scope) => {
    const quote = await sendVendorQuote(app.db, scope, context, request.body);
    noStore(reply);
    return quote;
  });
  registerEndpoint(app, resendPortalQuote, async (request, reply, scope) => {
    const quote = await resendVendorQuote(app.db, scope, context, request.params.id);
    noStore(reply);
    return quote;
  });
  registerEndpoint(app, withdrawPortalQuote, async (request, reply, scope) => {
    noStore(reply);
    return withdrawVendorQuote(app.db, scope, request.params.id);
  });
};
