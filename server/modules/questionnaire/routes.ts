import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { questionnaireAnswerRequest } from "#domain/questionnaire/answer-schema.ts";
import { contactRequest, pickedOptionRequest, pickedOptionResponse, questionnaireAnswerResponse } from "#domain/questionnaire/picked-option-schema.ts";
import { yearInTimeZone } from "#domain/site/business-time.ts";
import * as z from "zod/mini";
import type { LeadContext } from "../leads/store-lead.ts";
import { createPickedOption } from "./create-picked-option.ts";
import { createQuestionnaireAnswer } from "./create-questionnaire-answer.ts";
import { requestContact } from "./request-contact.ts";

export const questionnaireRoutes: FastifyPluginAsyncZod<{ context: LeadContext; timeZone: string }> = async (app, { context, timeZone }) => {
  app.post(
    "/api/leads/questionnaire-answer",
    {
      config: { rateLimit: context.rateLimit },
      schema: {
        tags: ["leads"],
        summary: "Landing questionnaire answer; answers with the server's quote",
        body: questionnaireAnswerRequest,
        response: { 200: questionnaireAnswerResponse, 201: questionnaireAnswerResponse },
      },
    },
    async (request, reply) => {
      const result = await createQuestionnaireAnswer(app.db, context, request.body, yearInTimeZone(new Date(), timeZone));
      if (result.created) void app.deliverMailNow();
      return reply.status(result.created ? 201 : 200).send({ id: result.id, quote: result.quote });
    },
  );

  app.post(
    "/api/leads/picked-option",
    {
      config: { rateLimit: context.rateLimit },
      schema: {
        tags: ["leads"],
        summary: "Payment option picked on /FinancingOptions",
        body: pickedOptionRequest,
        response: { 200: pickedOptionResponse, 201: pickedOptionResponse },
      },
    },
    async (request, reply) => {
      const result = await createPickedOption(app.db, context, request.body);
      if (result.created) void app.deliverMailNow();
      return reply.status(result.created ? 201 : 200).send({ id: result.id, monthlyPayment: result.monthlyPayment });
    },
  );

  app.post(
    "/api/leads/contact-request",
    {
      config: { rateLimit: context.rateLimit },
      schema: { tags: ["leads"], summary: '"Yes, please contact me." on /FinancingOptions', body: contactRequest, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (request) => {
      const { changed } = await requestContact(app.db, context, request.body.answerId);
      if (changed) void app.deliverMailNow();
      return { ok: true as const };
    },
  );
};
