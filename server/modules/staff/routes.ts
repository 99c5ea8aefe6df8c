import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { deactivateStaffMember, listStaff as listStaffEndpoint, reactivateStaffMember } from "#domain/api/staff.ts";
import { authRoles, staffRoles } from "#domain/auth/roles.ts";
import type { Brand } from "#domain/site/brand.ts";
import { registerEndpoint } from "../../register-endpoint.ts";
import { deactivateUser } from "../accounts/deactivate-user.ts";
import { reactivateUser } from "../accounts/reactivate-user.ts";
import { listStaff } from "./list-staff.ts";

/** Staff and admin accounts: admins only, checked before anything is read. */
export const staffRoutes: FastifyPluginAsyncZod<{ brand: Brand; publicUrl: string }> = async (app, { brand, publicUrl }) => {
  const admin = (request: FastifyRequest) => app.requireUser(request, { roles: [authRoles.admin] });
  app.addHook("onRequest", async (request) => {
    await admin(request);
  });

  registerEndpoint(app, listStaffEndpoint, async (request) => {
    await admin(request);
    return { staff: await listStaff(app.db) };
  });

  registerEndpoint(app, deactivateStaffMember, async (request) => {
    const actor = await admin(request);
    await deactivateUser(app.db, { userId: actor.id, ipAddress: request.ip }, request.params.userId, staffRoles);
    return { ok: true as const };
  });

  registerEndpoint(app, reactivateStaffMember, async (request) => {
    const actor = await admin(request);
    await reactivateUser(app.db, { brand, publicUrl }, { userId: actor.id, ipAddress: request.ip }, request.params.userId, staffRoles);
    return { ok: true as const };
  });
};
