import type { FastifyPluginAsync } from "fastify";
import { exportCompanyEarningsCsv, listCompanyEarnings } from "#domain/earnings/back-office-contracts.ts";
import { getEarningsRules, saveEarningsRules, setEarningsPayoutMode } from "#domain/earnings/tiers-contracts.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { companyEarnings, companyEarningsCsv } from "./company-earnings.ts";
import { setEarningsPayout } from "./earnings-payout-mode.ts";
import { readEarningsRules, saveEarningsRules as saveRules } from "./earnings-rules-admin.ts";

/**
 * Earnings in the back office (docs/product-rules.md#r61-dealer-earnings): staff read the rules and
 * every company's earnings and set a company's payout mode; admins save the rules; the CSV export
 * needs a fresh factor and is audited, like the other exports.
 */
export const backOfficeEarningsRoutes: FastifyPluginAsync<{ timeZone: string }> = async (app, { timeZone }) => {
  registerEndpoint(app, getEarningsRules, async () => readEarningsRules(app.db));

  registerEndpoint(app, saveEarningsRules, async (request, _reply, user) =>
    saveRules(
      app.db,
      { userId: user.id, ipAddress: request.ip },
      {
        tiers: request.body.tiers.map((tier) => ({
          label: tier.label,
          minVolumeCents: tier.from,
          pointsBasisPoints: tier.points,
        })),
        trailingDays: request.body.trailingDays,
        clawbackDays: request.body.clawbackDays,
      },
    ),
  );

  registerEndpoint(app, setEarningsPayoutMode, async (request, _reply, user) =>
    setEarningsPayout(
      app.db,
      { userId: user.id, ipAddress: request.ip },
      request.params.companyId,
      request.body.payout,
    ),
  );

  registerEndpoint(app, listCompanyEarnings, async (request) =>
    companyEarnings(app.db, { month: request.query.month, now: new Date(), timeZone }),
  );

  registerEndpoint(app, exportCompanyEarningsCsv, async (request, reply, user) => {
    const earnings = await companyEarnings(app.db, { month: request.query.month, now: new Date(), timeZone });
    await recordAudit(app.db, {
      action: "export.earnings",
      actorUserId: user.id,
      ipAddress: request.ip,
      details: { month: request.query.month ?? "all", companies: earnings.companies.length },
    });
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="earnings-${request.query.month ?? "all-time"}.csv"`)
      .header("x-content-type-options", "nosniff")
      .send(companyEarningsCsv(earnings));
  });
};
