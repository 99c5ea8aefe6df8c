import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getPartner, getPartnerLogo } from "#domain/partners/public-contracts.ts";
import { createPartner as createPartnerEndpoint, listPartners as listPartnersEndpoint, updatePartner as updatePartnerEndpoint, uploadPartnerLogo } from "#domain/partners/back-office-contracts.ts";
import { staffRoles } from "#domain/auth/roles.ts";
import { AppError } from "../shared/errors.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { createPartner } from "./create-partner.ts";
import { findPartner } from "./find-partner.ts";
import { listPartners } from "./list-partners.ts";
import { replacePartnerLogo } from "./replace-partner-logo.ts";
import { updatePartner } from "./update-partner.ts";
import { resolveVendorLink } from "./resolve-vendor-link.ts";

/** A vendor link's (co-branded calculator's) branding and a partner's logo: public. */
export const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
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

/** Partner calculators in the back office: staff read them, admins add, edit and upload logos. Needs multipart. */
export const partnerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Staff first, then each contract's audience: a staff member without two-factor is asked to set it up even on an admin route.
  app.addHook("onRequest", async (request) => {
    await app.requireUser(request, { roles: staffRoles });
  });

  registerEndpoint(app, listPartnersEndpoint, async () => {
    return listPartners(app.db);
  });

  registerEndpoint(app, createPartnerEndpoint, async (request, _reply, actor) => {
    return createPartner(app.db, actor.id, request.body);
  });

  registerEndpoint(app, updatePartnerEndpoint, async (request, _reply, actor) => {
    await updatePartner(app.db, actor.id, request.params.id, request.body);
    return { ok: true as const };
  });

  registerEndpoint(app, uploadPartnerLogo, async (request, _reply, actor, receive) => {
    await replacePartnerLogo(app.db, app.storage, receive, actor.id, request.params.id);
    return { ok: true as const };
  });
};
