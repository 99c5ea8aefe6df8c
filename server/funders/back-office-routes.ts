import type { FastifyPluginAsync } from "fastify";
import { createFunder, listFunders as listFundersEndpoint, updateFunder } from "#domain/funders/contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { listFunders } from "./list-funders.ts";
import { saveFunder } from "./save-funder.ts";

/** The funder network in the back office: staff read it, admins keep it (docs/product-rules.md#r54-the-funder-network). */
export const funderRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, listFundersEndpoint, async () => ({ funders: await listFunders(app.db) }));

  registerEndpoint(app, createFunder, async (request, _reply, user) => ({
    funder: await saveFunder(app.db, { userId: user.id, ipAddress: request.ip }, request.body),
  }));

  registerEndpoint(app, updateFunder, async (request, _reply, user) => ({
    funder: await saveFunder(app.db, { userId: user.id, ipAddress: request.ip }, request.body, request.params.id),
  }));
};
