import type { FastifyPluginAsync } from "fastify";
import { eq } from "drizzle-orm";
import { getDealStips, requestDealStips, reviewDealStip } from "#domain/stips/contracts.ts";
import { dealProgram } from "#domain/funders/funder-terms.ts";
import { financedCents } from "#domain/funders/funder-fit.ts";
import { defaultStips, readyForDocuments } from "#domain/stips/stip-rules.ts";
import type { DealStips } from "#domain/stips/contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { deal } from "../deals/tables.ts";
import { AppError } from "../shared/errors.ts";
import type { DealUpdateContext } from "../deals/update-deal.ts";
import { activeCatalog } from "./approval-stips.ts";
import { staffStips } from "./deal-stips.ts";
import { catalogStips, requestStips } from "./request-stips.ts";
import { reviewStip } from "./review-stip.ts";

/** A deal's stips in the back office: staff request and review them (docs/product-rules.md#r55-stipulations). */
export const backOfficeStipRoutes: FastifyPluginAsync<{ context: DealUpdateContext }> = async (app, { context }) => {
  const stipsOf = async (dealId: string): Promise<DealStips> => {
    const [row] = await app.db
      .select({ approved: deal.approvedAmount, cost: deal.costOfEquipment, down: deal.downPayment })
      .from(deal)
      .where(eq(deal.id, dealId));
    if (!row) throw new AppError("NOT_FOUND", "Not found.");
    const stips = await staffStips(app.db, dealId);
    const catalog = await activeCatalog(app.db);
    const amountCents = row.approved !== null ? Math.round(row.approved * 100) : financedCents(row.cost, row.down);
    const suggested = new Set(defaultStips(catalog, { program: dealProgram(), amountCents }).map((kind) => kind.id));
    return {
      stips,
      readyForDocuments: readyForDocuments(stips.map((stip) => stip.status)),
      catalog: catalog.map((kind) => ({
        id: kind.id,
        name: kind.name,
        satisfiedBy: kind.satisfiedBy,
        suggested: suggested.has(kind.id),
      })),
    };
  };

  registerEndpoint(app, getDealStips, async (request) => stipsOf(request.params.id));

  registerEndpoint(app, requestDealStips, async (request, reply, user) => {
    const { kinds, name, description, satisfiedBy } = request.body;
    await app.db.transaction(async (tx) => {
      const wanted = [
        ...(await catalogStips(tx, kinds)),
        ...(name ? [{ stipKindId: null, name, description, satisfiedBy }] : []),
      ];
      await requestStips(tx, context, { userId: user.id, ipAddress: request.ip }, request.params.id, wanted);
    });
    return reply.status(201).send(await stipsOf(request.params.id));
  });

  registerEndpoint(app, reviewDealStip, async (request, _reply, user) => {
    const { id, stipId } = request.params;
    await reviewStip(app.db, context, { userId: user.id, ipAddress: request.ip }, id, stipId, request.body);
    return stipsOf(id);
  });
};
