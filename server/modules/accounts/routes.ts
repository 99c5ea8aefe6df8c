import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authRoles } from "#domain/auth/roles.ts";
import { meResponse } from "#domain/api/me.ts";

export const accountRoutes: FastifyPluginAsyncZod<{ staffTwoFactorRequired: boolean }> = async (app, options) => {
  app.get(
    "/api/me",
    { schema: { tags: ["accounts"], summary: "The signed-in user", response: { 200: meResponse } } },
    async (request) => {
      // Any role; the two-factor rule is applied per area, so staff can still reach enrolment.
      const user = await app.requireUser(request, { roles: Object.values(authRoles), allowMissingTwoFactor: true });
      return { user, staffTwoFactorRequired: options.staffTwoFactorRequired };
    },
  );
};
