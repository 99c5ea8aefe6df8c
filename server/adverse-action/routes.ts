import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  getAdverseAction as getAdverseActionEndpoint,
  listDeclinesDue,
  previewNotice as previewNoticeEndpoint,
  saveNoticeContent as saveNoticeContentEndpoint,
  sendNotice as sendNoticeEndpoint,
  setApplicationDecision as setApplicationDecisionEndpoint,
  setNoticeRecipient as setNoticeRecipientEndpoint,
  setCompletedOn,
} from "#domain/adverse-action/contracts.ts";
import type { Brand } from "#domain/site/brand.ts";
import { AppError } from "../shared/errors.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import type { MailContext } from "../shared/request-context.ts";
import { declinesDue } from "./declines-due.ts";
import { adverseActionState, findNoticeContent, findNoticeSubject } from "./notice-subject.ts";
import {
  previewNotice,
  saveNoticeContent,
  sendNotice,
  setApplicationDecision,
  setNoticeRecipient,
} from "./save-notice.ts";
import { recordCompletedOn } from "./record-completed-on.ts";

/** Adverse-action notices (12 CFR 1002.9) for declined deals and credit applications: staff only. */
export const adverseActionRoutes: FastifyPluginAsyncZod<{ brand: Brand; mail: MailContext }> = async (
  app,
  { brand, mail },
) => {
  const timeZone = brand.timeZone;

  registerEndpoint(app, listDeclinesDue, async () => {
    return { declines: await declinesDue(app.db, timeZone) };
  });

  registerEndpoint(app, getAdverseActionEndpoint, async (request) => {
    const { type, id } = request.params;
    const subject = await findNoticeSubject(app.db, type, id, timeZone);
    if (!subject) throw new AppError("NOT_FOUND", "Not found.");
    return adverseActionState(subject, await findNoticeContent(app.db, type, id));
  });

  registerEndpoint(app, saveNoticeContentEndpoint, async (request, _reply, user) => {
    const actor = { id: user.id, ip: request.ip };
    return saveNoticeContent(app.db, actor, request.params.type, request.params.id, timeZone, request.body);
  });

  registerEndpoint(app, setNoticeRecipientEndpoint, async (request, _reply, user) => {
    const actor = { id: user.id, ip: request.ip };
    return setNoticeRecipient(app.db, actor, request.params.type, request.params.id, timeZone, request.body);
  });

  registerEndpoint(app, setCompletedOn, async (request, _reply, user) => {
    const actor = { id: user.id, ip: request.ip };
    return recordCompletedOn(app.db, actor, request.params.type, request.params.id, timeZone, request.body.completedOn);
  });

  registerEndpoint(app, previewNoticeEndpoint, async (request, reply, user) => {
    const actor = { id: user.id, ip: request.ip };
    const { pdf, fileName } = await previewNotice(
      app.db,
      brand,
      actor,
      request.params.type,
      request.params.id,
      timeZone,
    );
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .header("x-content-type-options", "nosniff")
      .header("cache-control", "no-store")
      .send(pdf);
  });

  registerEndpoint(app, sendNoticeEndpoint, async (request, _reply, user) => {
    const actor = { id: user.id, ip: request.ip };
    const state = await sendNotice(app.db, brand, actor, request.params.type, request.params.id, timeZone);
    return state;
  });

  registerEndpoint(app, setApplicationDecisionEndpoint, async (request, _reply, user) => {
    const actor = { id: user.id, ip: request.ip };
    const state = await setApplicationDecision(app.db, actor, request.params.id, timeZone, request.body.decision, mail);
    return state;
  });
};
