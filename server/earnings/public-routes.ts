import type { FastifyPluginAsync } from "fastify";
import { getPublicEarningsTiers } from "#domain/earnings/tiers-contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { loadEarningsRules } from "./earnings-ledger.ts";

/**
 * The tiers the vendor resources page explains (docs/product-rules.md#r61-dealer-earnings): public,
 * two small reads (at most 6 tiers and one row), not cached like every API answer, so a change of
 * tiers reaches the page at a visitor's next visit.
 */
export const publicEarningsRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, getPublicEarningsTiers, async () => loadEarningsRules(app.db));
};
