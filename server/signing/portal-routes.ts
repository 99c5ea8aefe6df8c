import type { FastifyPluginAsync } from "fastify";
import { and, desc, eq, ne } from "drizzle-orm";
import { getPortalDealSigning } from "#domain/signing/portal-contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { findDeal } from "../deals/find-deal.ts";
import { AppError } from "../shared/errors.ts";
import { dealerPackage } from "./dealer-package.ts";
import { signingPackage } from "./tables.ts";

/**
 * The dealer's view of a deal's documents for signature, scoped like the deal
 * (docs/product-rules.md#r57-documents-and-e-signature): the latest package that left the credit team
 * (never a draft), each signer's step by name.
 */
export const portalSigningRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, getPortalDealSigning, async (request, _reply, scope) => {
    const found = await findDeal(app.db, scope, request.params.id);
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    const [latest] = await app.db
      .select({ id: signingPackage.id })
      .from(signingPackage)
      .where(and(eq(signingPackage.dealId, found.id), ne(signingPackage.status, "draft")))
      .orderBy(desc(signingPackage.createdAt))
      .limit(1);
    return { package: latest ? await dealerPackage(app.db, latest.id) : null };
  });
};
