import type { FastifyPluginAsync } from "fastify";
import {
  downloadEarningsStatementCsv,
  downloadEarningsStatementPdf,
  getPortalEarnings,
  getPortalEarningsGlance,
} from "#domain/earnings/portal-contracts.ts";
import type { Brand } from "#domain/site/brand.ts";
import { businessDayOf } from "#domain/site/business-day.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { dealerEarnings, earningsGlance, statementFacts } from "./dealer-earnings.ts";
import { statementCsv, statementFileName, statementPdf } from "./earnings-statement.ts";

/**
 * The dealer's earnings (docs/product-rules.md#r61-dealer-earnings): the `dealer-admin` audience (a
 * sales rep is refused with 403), every read by the session's company. Statements are attachments
 * of the company's own figures, the same the screen shows: no fresh factor (docs/threat-model.md).
 */
export const portalEarningsRoutes: FastifyPluginAsync<{ timeZone: string; brand: Brand }> = async (
  app,
  { timeZone, brand },
) => {
  registerEndpoint(app, getPortalEarnings, async (request, _reply, scope) =>
    dealerEarnings(app.db, scope.companyId, { month: request.query.month, now: new Date(), timeZone }),
  );

  registerEndpoint(app, getPortalEarningsGlance, async (_request, _reply, scope) =>
    earningsGlance(app.db, scope.companyId, new Date(), timeZone),
  );

  registerEndpoint(app, downloadEarningsStatementCsv, async (request, reply, scope) => {
    const facts = await statementFacts(app.db, scope.companyId, request.params.month, timeZone);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${statementFileName(request.params.month, "csv")}"`)
      .header("x-content-type-options", "nosniff")
      .send(statementCsv(facts));
  });

  registerEndpoint(app, downloadEarningsStatementPdf, async (request, reply, scope) => {
    const facts = await statementFacts(app.db, scope.companyId, request.params.month, timeZone);
    const pdf = await statementPdf(brand, facts, businessDayOf(new Date(), timeZone));
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="${statementFileName(request.params.month, "pdf")}"`)
      .header("x-content-type-options", "nosniff")
      .send(pdf);
  });
};
