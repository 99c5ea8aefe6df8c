import type { FastifyPluginAsync } from "fastify";
import { listPortalDealStips, sendPortalStipFiles } from "#domain/stips/contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { findDeal } from "../deals/find-deal.ts";
import { AppError } from "../shared/errors.ts";
import type { DealUpdateContext } from "../deals/update-deal.ts";
import { vendorStips } from "./deal-stips.ts";
import { receiveStipFiles } from "./receive-stip-file.ts";

/** A deal's stips in the portal, scoped like the deal (docs/product-rules.md#r55-stipulations). */
export const portalStipRoutes: FastifyPluginAsync<{ context: DealUpdateContext }> = async (app, { context }) => {
  registerEndpoint(app, listPortalDealStips, async (request, _reply, scope) => {
    const found = await findDeal(app.db, scope, request.params.id);
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    return { stips: await vendorStips(app.db, found.id) };
  });

  registerEndpoint(app, sendPortalStipFiles, async (request, reply, scope, receive) => {
    const found = await findDeal(app.db, scope, request.params.id);
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    return receive(`deals/${found.id}`, async ({ fields, files }) => {
      const stip = await receiveStipFiles(
        app.db,
        context,
        { kind: "dealer", userId: scope.userId, email: scope.email, ipAddress: request.ip },
        found,
        request.params.stipId,
        files,
        fields.note,
      );
      return reply.status(201).send({ stip });
    });
  });
};
