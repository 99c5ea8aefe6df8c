import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getBackOfficeSummary } from "#domain/back-office-summary/contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { backOfficeSummary } from "./summary.ts";
import { indexArrivedLeadsBeforeEachRequest } from "../response-times/index-arrived-leads.ts";

/** The credit team's home: the numbers that drive the day (staff only). */
export const backOfficeSummaryRoutes: FastifyPluginAsyncZod<{ timeZone: string }> = async (app, { timeZone }) => {
  indexArrivedLeadsBeforeEachRequest(app);
  registerEndpoint(app, getBackOfficeSummary, async () => {
    return backOfficeSummary(app.readDb, new Date(), timeZone);
  });
};
