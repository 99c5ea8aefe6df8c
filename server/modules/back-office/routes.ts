import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { vendorListResponse, vendorSignUpRequest } from "#domain/api/back-office.ts";
import { authRoles, staffRoles } from "#domain/auth/roles.ts";
import type { Auth } from "../auth/create-auth.ts";
import type { LeadContext } from "../leads/store-lead.ts";
import { listVendors } from "./back-office-queries.ts";
import { inviteVendor } from "./invite-vendor.ts";

/** The credit team's endpoints; every one requires staff (and two-factor where configured). */
export const backOfficeRoutes: FastifyPluginAsyncZod<{ context: LeadContext & { timeZone: string }; auth: Auth }> = async (app, { context, auth }) => {
  const staff = (request: Parameters<typeof app.requireUser>[0]) => app.requireUser(request, { roles: staffRoles });
  // Staff only, checked before the body is read or validated.
  app.addHook("onRequest", async (request) => {
    await staff(request);
  });

  app.get("/api/back-office/vendors", { schema: { tags: ["back office"], summary: "Vendor companies and their users", response: { 200: vendorListResponse } } }, async (request) => {
    await staff(request);
    return listVendors(app.readDb);
  });

  app.post(
    "/api/back-office/vendors",
    {
      onRequest: async (request) => void (await app.requireUser(request, { roles: [authRoles.admin] })), schema: { tags: ["back office"], summary: "/VendorSignUp: create a vendor user and mail the invitation (admins)", body: vendorSignUpRequest, response: { 201: z.object({ userId: z.string(), companyId: z.string() }) } } },
    async (request, reply) => {
      const admin = await app.requireUser(request, { roles: [authRoles.admin] });
      const created = await inviteVendor(app.db, auth, context.publicUrl, admin.id, request.body);
      void app.deliverMailNow();
      return reply.status(201).send(created);
    },
  );
};
