import type { FastifyPluginAsync } from "fastify";
import {
  createFunder,
  getFunderSettings,
  listFunders as listFundersEndpoint,
  updateFunder,
  updateFunderSettings,
} from "#domain/funders/contracts.ts";
import {
  declineWithFunderReasons as declineWithFunderReasonsEndpoint,
  getDealFunders,
  renewApproval as renewApprovalEndpoint,
  presentFunderAnswer,
  recordFunderAnswer as recordFunderAnswerEndpoint,
  sendDealToFunders,
} from "#domain/funders/deal-funder-contracts.ts";
import { businessDayOf } from "#domain/site/business-day.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { AppError } from "../shared/errors.ts";
import { dealFunders } from "./deal-funders.ts";
import { listFunders } from "./list-funders.ts";
import { recordFunderAnswer } from "./record-funder-answer.ts";
import { saveFunder } from "./save-funder.ts";
import { sendToFunders } from "./send-to-funders.ts";
import { presentApproval } from "./present-approval.ts";
import type { DealUpdateContext } from "../deals/update-deal.ts";
import { declineWithFunderReasons } from "./decline-with-funder-reasons.ts";
import { readFunderSettings, setShowFunderName } from "./funder-settings.ts";
import { renewApproval } from "./renew-approval.ts";

/**
 * The funder network in the back office: staff read it, admins keep it; staff send a deal to funders
 * and record their answers (docs/product-rules.md#r54-the-funder-network).
 */
export const funderRoutes: FastifyPluginAsync<{ context: DealUpdateContext & { timeZone: string } }> = async (
  app,
  { context },
) => {
  const { timeZone } = context;
  const fundersOf = async (dealId: string) => {
    const found = await dealFunders(app.db, dealId, businessDayOf(new Date(), timeZone));
    if (!found) throw new AppError("NOT_FOUND", "Not found.");
    return found;
  };

  registerEndpoint(app, listFundersEndpoint, async () => ({ funders: await listFunders(app.db) }));

  registerEndpoint(app, createFunder, async (request, _reply, user) => ({
    funder: await saveFunder(app.db, { userId: user.id, ipAddress: request.ip }, request.body),
  }));

  registerEndpoint(app, updateFunder, async (request, _reply, user) => ({
    funder: await saveFunder(app.db, { userId: user.id, ipAddress: request.ip }, request.body, request.params.id),
  }));

  registerEndpoint(app, getDealFunders, async (request) => fundersOf(request.params.id));

  registerEndpoint(app, sendDealToFunders, async (request, _reply, user) => {
    await sendToFunders(app.db, { userId: user.id, ipAddress: request.ip }, request.params.id, request.body.funderIds);
    return fundersOf(request.params.id);
  });

  registerEndpoint(app, recordFunderAnswerEndpoint, async (request, _reply, user) => {
    const { id, submissionId } = request.params;
    await recordFunderAnswer(app.db, { userId: user.id, ipAddress: request.ip }, id, submissionId, request.body);
    return fundersOf(id);
  });

  registerEndpoint(app, presentFunderAnswer, async (request, _reply, user) => {
    const { id, submissionId, answerId } = request.params;
    await presentApproval(
      app.db,
      context,
      { id: user.id, email: user.email, ipAddress: request.ip },
      { dealId: id, submissionId, answerId },
      businessDayOf(new Date(), timeZone),
    );
    return fundersOf(id);
  });

  registerEndpoint(app, renewApprovalEndpoint, async (request, _reply, user) => {
    const today = businessDayOf(new Date(), timeZone);
    await renewApproval(
      app.db,
      { userId: user.id, ipAddress: request.ip },
      request.params.id,
      request.body.expiresOn,
      today,
    );
    return fundersOf(request.params.id);
  });

  registerEndpoint(app, declineWithFunderReasonsEndpoint, async (request, _reply, user) => {
    await declineWithFunderReasons(
      app.db,
      context,
      { id: user.id, email: user.email, ipAddress: request.ip },
      request.params.id,
    );
    return fundersOf(request.params.id);
  });

  registerEndpoint(app, getFunderSettings, async () => readFunderSettings(app.db));

  registerEndpoint(app, updateFunderSettings, async (request, _reply, user) =>
    setShowFunderName(app.db, { userId: user.id, ipAddress: request.ip }, request.body.showFunderName),
  );
};
