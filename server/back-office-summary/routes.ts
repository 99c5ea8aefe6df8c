import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getBackOfficeSummary } from "#domain/back-office-summary/contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { backOfficeSummary } from "./summary.ts";
import { indexAllArrivedLeads } from "../response-times/index-arrived-leads.ts";

/** The credit team's home: the numbers that drive the day (staff only). */
export const backOfficeSummaryRoutes: FastifyPluginAsyncZod<{ timeZone: string }> = async (app, { timeZone }) => {
  // What the credit team was mailed is listed: leads still in the intake are indexed first.
  app.addHook("preHandler", async () => indexAllArrivedLeads(app.db));
  registerEndpoint(app, getBackOfficeSummary, async () => {
    return backOfficeSummary(app.readDb, new Date(), timeZone);
  });
};
