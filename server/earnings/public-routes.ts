import type { FastifyPluginAsync } from "fastify";
import { getPublicEarningsTiers } from "#domain/earnings/tiers-contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { loadEarningsRules } from "./earnings-ledger.ts";

/**
 * The tiers the vendor resources page explains (docs/product-rules.md#r61-dealer-earnings): public,
 * two small reads, cached five minutes by browsers and proxies, so a change of tiers reaches the
 * page within five minutes of its save.
 */
export const publicEarningsRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, getPublicEarningsTiers, async (_request, reply) => {
    reply.header("cache-control", "public, max-age=300");
    return loadEarningsRules(app.db);
  });
};
