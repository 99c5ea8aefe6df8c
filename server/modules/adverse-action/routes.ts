import type { FastifyRequest } from "fastify";
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
} from "#domain/api/back-office-adverse-action.ts";
import { staffRoles } from "#domain/auth/roles.ts";
import type { Brand } from "#domain/site/brand.ts";
import { AppError } from "../../errors.ts";
import { registerEndpoint } from "../../register-endpoint.ts";
import type { MailContext } from "../leads/store-lead.ts";
import { declinesDue } from "./declines-due.ts";
import { adverseActionState, findNoticeContent, findNoticeSubject } from "./notice-subject.ts";
import { previewNotice, saveNoticeContent, sendNotice, setApplicationDecision, setNoticeRecipient } from "./save-notice.ts";
import { recordCompletedOn } from "./record-completed-on.ts";

/** Adverse-action notices (12 CFR 1002.9) for declined deals and credit applications: staff only. */
export const adverseActionRoutes: FastifyPluginAsyncZod<{ brand: Brand; mail: MailContext }> = async (app, { brand, mail }) => {
  const timeZone = brand.timeZone;
  const staff = async (request: FastifyRequest) => {
    const user = await app.requireUser(request, { roles: staffRoles });
    return { id: user.id, ip: request.ip };
  };
  const staffFirst = { onRequest: async (request: FastifyRequest) => void (await staff(request)) };

  registerEndpoint(
    app,
    listDeclinesDue,
    async (request) => {
      await staff(request);
      return { declines: await declinesDue(app.db, timeZone) };
    },
    staffFirst,
  );

  registerEndpoint(
    app,
    getAdverseActionEndpoint,
    async (request) => {
      await staff(request);
      const { type, id } = request.params;
      const subject = await findNoticeSubject(app.db, type, id, timeZone);
      if (!subject) throw new AppError("NOT_FOUND", "Not found.");
      return adverseActionState(subject, await findNoticeContent(app.db, type, id));
    },
    staffFirst,
  );

  registerEndpoint(
    app,
    saveNoticeContentEndpoint,
    async (request) => {
      const actor = await staff(request);
      return saveNoticeContent(app.db, actor, request.params.type, request.params.id, timeZone, request.body);
    },
    staffFirst,
  );

  registerEndpoint(
    app,
    setNoticeRecipientEndpoint,
    async (request) => {
      const actor = await staff(request);
      return setNoticeRecipient(app.db, actor, request.params.type, request.params.id, timeZone, request.body);
    },
    staffFirst,
  );

  registerEndpoint(
    app,
    setCompletedOn,
    async (request) => {
      const actor = await staff(request);
      return recordCompletedOn(app.db, actor, request.params.type, request.params.id, timeZone, request.body.completedOn);
    },
    staffFirst,
  );

  registerEndpoint(
    app,
    previewNoticeEndpoint,
    async (request, reply) => {
      const actor = await staff(request);
      const { pdf, fileName } = await previewNotice(app.db, brand, actor, request.params.type, request.params.id, timeZone);
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "no-store")
        .send(pdf);
    },
    staffFirst,
  );

  registerEndpoint(
    app,
    sendNoticeEndpoint,
    async (request) => {
      const actor = await staff(request);
      const state = await sendNotice(app.db, brand, actor, request.params.type, request.params.id, timeZone);
      return state;
    },
    staffFirst,
  );

  registerEndpoint(
    app,
    setApplicationDecisionEndpoint,
    async (request) => {
      const actor = await staff(request);
      const state = await setApplicationDecision(app.db, actor, request.params.id, timeZone, request.body.decision, mail);
      return state;
    },
    staffFirst,
  );
};
