import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { askToBeContacted, pickPaymentOption, sendQuestionnaireAnswer } from "#domain/questionnaire/contracts.ts";
import { yearInTimeZone } from "#domain/site/business-time.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import type { LeadContext } from "../shared/request-context.ts";
import { createPickedOption } from "./create-picked-option.ts";
import { createQuestionnaireAnswer } from "./create-questionnaire-answer.ts";
import { requestContact } from "./request-contact.ts";

export const questionnaireRoutes: FastifyPluginAsyncZod<{ context: LeadContext; timeZone: string }> = async (
  app,
  { context, timeZone },
) => {
  const leadLimit = { config: { rateLimit: context.rateLimit } };

  registerEndpoint(
    app,
    sendQuestionnaireAnswer,
    async (request, reply) => {
      const result = await createQuestionnaireAnswer(
        app.db,
        { ...context, timeZone },
        request.body,
        yearInTimeZone(new Date(), timeZone),
      );
      return reply.status(result.created ? 201 : 200).send({ id: result.id, quote: result.quote });
    },
    leadLimit,
  );

  registerEndpoint(
    app,
    pickPaymentOption,
    async (request, reply) => {
      const result = await createPickedOption(app.db, context, request.body);
      return reply.status(result.created ? 201 : 200).send({ id: result.id, monthlyPayment: result.monthlyPayment });
    },
    leadLimit,
  );

  registerEndpoint(
    app,
    askToBeContacted,
    async (request) => {
      await requestContact(app.db, context, request.body.answerId);
      return { ok: true as const };
    },
    leadLimit,
  );
};
