import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getPartner, getPartnerLogo } from "#domain/api/partner.ts";
import { createPartner as createPartnerEndpoint, listPartners as listPartnersEndpoint, updatePartner as updatePartnerEndpoint, uploadPartnerLogo } from "#domain/api/partners.ts";
import { authRoles, staffRoles } from "#domain/auth/roles.ts";
import { AppError } from "../../errors.ts";
import { registerEndpoint } from "../../register-endpoint.ts";
import { createPartner } from "./create-partner.ts";
import { findPartner } from "./find-partner.ts";
import { listPartners } from "./list-partners.ts";
import { replacePartnerLogo } from "./replace-partner-logo.ts";
import { updatePartner } from "./update-partner.ts";
import { resolveVendorLink } from "../vendor-links/resolve-vendor-link.ts";

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
  const admin = (request: Parameters<typeof app.requireUser>[0]) => app.requireUser(request, { roles: [authRoles.admin] });
  // Admin routes refuse staff before their body is validated.
  const adminFirst = { onRequest: async (request: Parameters<typeof app.requireUser>[0]) => void (await admin(request)) };
  // Staff only, checked before the body is read or validated; most routes here need an admin.
  app.addHook("onRequest", async (request) => {
    await app.requireUser(request, { roles: staffRoles });
  });

  registerEndpoint(app, listPartnersEndpoint, async (request) => {
    await app.requireUser(request, { roles: staffRoles });
    return listPartners(app.db);
  });

  registerEndpoint(
    app,
    createPartnerEndpoint,
    async (request) => {
      const actor = await admin(request);
      return createPartner(app.db, actor.id, request.body);
    },
    adminFirst,
  );

  registerEndpoint(
    app,
    updatePartnerEndpoint,
    async (request) => {
      const actor = await admin(request);
      await updatePartner(app.db, actor.id, request.params.id, request.body);
      return { ok: true as const };
    },
    adminFirst,
  );

  registerEndpoint(
    app,
    uploadPartnerLogo,
    async (request) => {
      const actor = await admin(request);
      await replacePartnerLogo(app.db, app.storage, request, actor.id, request.params.id);
      return { ok: true as const };
    },
    adminFirst,
  );
};
