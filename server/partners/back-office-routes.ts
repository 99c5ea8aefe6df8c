import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  createPartner as createPartnerEndpoint,
  listPartners as listPartnersEndpoint,
  updatePartner as updatePartnerEndpoint,
  uploadPartnerLogo,
} from "#domain/partners/back-office-contracts.ts";
import { staffRoles } from "#domain/auth/roles.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { createPartner } from "./create-partner.ts";
import { listPartners } from "./list-partners.ts";
import { replacePartnerLogo } from "./replace-partner-logo.ts";
import { updatePartner } from "./update-partner.ts";

/** Partner calculators in the back office: staff read them, admins add, edit and upload logos. Needs multipart. */
export const backOfficePartnerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Staff first, then each contract's audience: a staff member without two-factor is asked to set it up even on an
  // admin route.
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
