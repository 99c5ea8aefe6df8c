import type { FastifyPluginAsync } from "fastify";
import { createStipKind, listStipKinds, updateStipKind } from "#domain/stips/catalog-contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { listStipKinds as listCatalog, saveStipKind } from "./stip-catalog.ts";

/** The stips catalog in the back office: staff read it, admins keep it (docs/product-rules.md#r55-stipulations). */
export const stipCatalogRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, listStipKinds, async () => ({ stipKinds: await listCatalog(app.db) }));

  registerEndpoint(app, createStipKind, async (request, _reply, user) => ({
    stipKind: await saveStipKind(app.db, { userId: user.id, ipAddress: request.ip }, request.body),
  }));

  registerEndpoint(app, updateStipKind, async (request, _reply, user) => ({
    stipKind: await saveStipKind(app.db, { userId: user.id, ipAddress: request.ip }, request.body, request.params.id),
  }));
};
