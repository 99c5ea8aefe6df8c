import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  changeVendorCompanySlug,
  deactivateVendor as deactivateVendorEndpoint,
  inviteVendor as inviteVendorEndpoint,
  listVendorCompanies,
  listVendorCompanyOptions as listVendorCompanyOptionsEndpoint,
  reactivateVendor as reactivateVendorEndpoint,
  resendVendorInvitation,
} from "#domain/vendors/contracts.ts";
import { authRoles, staffRoles } from "#domain/auth/roles.ts";
import type { Brand } from "#domain/site/brand.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import type { Auth } from "../auth/create-auth.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { changeVendorSlug } from "../vendors/change-vendor-slug.ts";
import { deactivateUser } from "./deactivate-user.ts";
import { reactivateUser } from "./reactivate-user.ts";
import { inviteVendor } from "./invite-vendor.ts";
import { listVendorCompanyOptions, listVendors } from "./list-vendors.ts";
import { resendInvitation } from "./resend-invitation.ts";

/** Vendor companies and users: staff read the list; admins invite, deactivate, reactivate and re-invite, and change a company's link address. */
export const vendorRoutes: FastifyPluginAsyncZod<{
  auth: Auth;
  cipher: FieldCipher;
  publicUrl: string;
  brand: Brand;
}> = async (app, { auth, cipher, publicUrl, brand }) => {
  const invitation = { auth, cipher, publicUrl, product: brand.name };
  // Staff first, then each contract's audience: a staff member without two-factor is asked to set it up even on an
  // admin route.
  app.addHook("onRequest", async (request) => {
    await app.requireUser(request, { roles: staffRoles });
  });

  registerEndpoint(app, listVendorCompanies, async (request) => {
    return listVendors(app.readDb, request.query);
  });

  registerEndpoint(app, listVendorCompanyOptionsEndpoint, async () => {
    return listVendorCompanyOptions(app.readDb);
  });

  registerEndpoint(app, changeVendorCompanySlug, async (request, _reply, actor) => {
    const changed = await changeVendorSlug(app.db, actor.id, request.params.companyId, request.body.slug);
    return { slug: changed.slug };
  });

  registerEndpoint(app, inviteVendorEndpoint, async (request, _reply, actor) => {
    const created = await inviteVendor(app.db, invitation, actor.id, request.body);
    return created;
  });

  registerEndpoint(app, deactivateVendorEndpoint, async (request, _reply, actor) => {
    await deactivateUser(app.db, { userId: actor.id, ipAddress: request.ip }, request.params.userId, [
      authRoles.vendor,
    ]);
    return { ok: true as const };
  });

  registerEndpoint(app, reactivateVendorEndpoint, async (request, _reply, actor) => {
    await reactivateUser(
      app.db,
      { brand, publicUrl },
      { userId: actor.id, ipAddress: request.ip },
      request.params.userId,
      [authRoles.vendor],
    );
    return { ok: true as const };
  });

  registerEndpoint(app, resendVendorInvitation, async (request, _reply, actor) => {
    await resendInvitation(app.db, invitation, actor.id, request.params.userId);
    return { ok: true as const };
  });
};
