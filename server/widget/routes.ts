import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { widgetPayment } from "#domain/widget/contracts.ts";
import { financingDisclaimer } from "#domain/deals/deal-changes.ts";
import { asLowAs } from "#domain/pricing/vendor-quote-pricing.ts";
import { yearInTimeZone } from "#domain/site/business-time.ts";
import { AppError } from "../shared/errors.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { resolveVendorLink } from "../partners/resolve-vendor-link.ts";

/** Browsers and CDNs keep an answer this long: a price's payment changes only with the rate tables. */
const maxAgeSeconds = 3600;

/**
 * GET /api/widget/payment: the dealer widget's "as low as" (public/widget.js,
 * docs/product-rules.md#r21-the-payment-widget). Readable
 * from any site (CORS for this GET only; no credentials), rate-limited per address. A payment is
 * cached publicly; the vendor's slug is looked up on every request (one indexed query) and any
 * other answer is `no-store`, so a 404 asked before a company exists, or before its slug changes,
 * never outlives that on any server or cache.
 */
export const widgetRoutes: FastifyPluginAsyncZod<{ timeZone: string }> = async (app, { timeZone }) => {
  app.addHook("onSend", async (request, reply) => {
    if (request.routeOptions.url !== widgetPayment.path) return;
    reply.header("access-control-allow-origin", "*");
    reply.header("cross-origin-resource-policy", "cross-origin");
    reply.header("cache-control", reply.statusCode === 200 ? `public, max-age=${maxAgeSeconds}` : "no-store");
  });
  registerEndpoint(
    app,
    widgetPayment,
    async (request) => {
      if (!(await resolveVendorLink(app.db, request.query.vendor)))
        throw new AppError("NOT_FOUND", "No vendor has this slug.");
      const price = Number(request.query.price);
      const lowest = asLowAs(price, yearInTimeZone(new Date(), timeZone));
      return { price, payment: lowest.payment, term: lowest.term, disclaimer: financingDisclaimer };
    },
    { config: { rateLimit: { max: 120, timeWindow: "1 minute" } } },
  );
};
