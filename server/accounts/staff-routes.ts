import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  deactivateStaffMember,
  listStaff as listStaffEndpoint,
  reactivateStaffMember,
} from "#domain/accounts/staff-contracts.ts";
import { staffRoles } from "#domain/auth/roles.ts";
import type { Brand } from "#domain/site/brand.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { deactivateUser } from "./deactivate-user.ts";
import { reactivateUser } from "./reactivate-user.ts";
import { listStaff } from "./list-staff.ts";

/** Staff and admin accounts: admins only, checked before anything is read. */
export const staffRoutes: FastifyPluginAsyncZod<{ brand: Brand; publicUrl: string }> = async (
  app,
  { brand, publicUrl },
) => {
  registerEndpoint(app, listStaffEndpoint, async () => {
    return { staff: await listStaff(app.db) };
  });

  registerEndpoint(app, deactivateStaffMember, async (request, _reply, actor) => {
    await deactivateUser(app.db, { userId: actor.id, ipAddress: request.ip }, request.params.userId, staffRoles);
    return { ok: true as const };
  });

  registerEndpoint(app, reactivateStaffMember, async (request, _reply, actor) => {
    await reactivateUser(
      app.db,
      { brand, publicUrl },
      { userId: actor.id, ipAddress: request.ip },
      request.params.userId,
      staffRoles,
    );
    return { ok: true as const };
  });
};
