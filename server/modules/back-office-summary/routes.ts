import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getBackOfficeSummary } from "#domain/api/back-office-summary.ts";
import { staffRoles } from "#domain/auth/roles.ts";
import { registerEndpoint } from "../../register-endpoint.ts";
import { backOfficeSummary } from "./summary.ts";

/** The credit team's home: the numbers that drive the day (staff only). */
export const backOfficeSummaryRoutes: FastifyPluginAsyncZod<{ timeZone: string }> = async (app, { timeZone }) => {
  const staff = (request: FastifyRequest) => app.requireUser(request, { roles: staffRoles });
  registerEndpoint(
    app,
    getBackOfficeSummary,
    async (request) => {
      await staff(request);
      return backOfficeSummary(app.readDb, new Date(), timeZone);
    },
    { onRequest: async (request: FastifyRequest) => void (await staff(request)) },
  );
};
