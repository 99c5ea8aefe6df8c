import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { countVendorLinkVisit, getPartner, getPartnerLogo } from "#domain/partners/public-contracts.ts";
import { AppError } from "../shared/errors.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { countVisit } from "./count-visit.ts";
import { findPartner } from "./find-partner.ts";
import { resolveVendorLink } from "./resolve-vendor-link.ts";

/** A vendor link's (co-branded calculator's) branding and a partner's logo: public. */
export const publicPartnerRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, getPartner, async (request) => {
    const found = await resolveVendorLink(app.db, request.params.slug);
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    return found.branding;
  });

  registerEndpoint(app, getPartnerLogo, async (request, reply) => {
    const found = await findPartner(app.db, request.params.slug);
    if (!found?.logoKey || !found.logoContentType) throw new AppError("NOT_FOUND", "Not found.");
    return reply
      .header("content-type", found.logoContentType)
      .header("cache-control", "public, max-age=86400")
      .send(await app.storage.get(found.logoKey));
  });
};

/** Public: a visit to a vendor's link is counted (a page load sends one POST, no cookies needed). */
export const vendorLinkVisitRoutes: FastifyPluginAsyncZod<{ timeZone: string }> = async (app, { timeZone }) => {
  registerEndpoint(
    app,
    countVendorLinkVisit,
    async (request) => ({ counted: await countVisit(app.db, request.params.slug, new Date(), timeZone) }),
    {
      // Generous for people reloading, tight for a script inflating a dealer's numbers.
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
  );
};
