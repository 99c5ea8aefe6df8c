import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { calculatorChoiceRequest, calculatorLeadRequest } from "#domain/calculator/calculator-schema.ts";
import { calculatorQuoteResponse } from "#domain/pricing/quote-requests.ts";
import { yearInTimeZone } from "#domain/site/business-time.ts";
import type { LeadContext } from "../leads/store-lead.ts";
import { chooseCalculatorOption } from "./choose-calculator-option.ts";
import { createCalculatorLead } from "./create-calculator-lead.ts";

const leadAnswer = z.object({ id: z.string(), quote: calculatorQuoteResponse });

export const calculatorRoutes: FastifyPluginAsyncZod<{ context: LeadContext; timeZone: string }> = async (app, { context, timeZone }) => {
  app.post(
    "/api/leads/calculator",
    {
      config: { rateLimit: context.rateLimit },
      schema: { tags: ["leads"], summary: "GetQualified calculator lead; answers with the server's quote", body: calculatorLeadRequest, response: { 200: leadAnswer, 201: leadAnswer } },
    },
    async (request, reply) => {
      const result = await createCalculatorLead(app.db, context, request.body, yearInTimeZone(new Date(), timeZone));
      if (result.created) void app.deliverMailNow();
      return reply.status(result.created ? 201 : 200).send({ id: result.id, quote: result.quote });
    },
  );

  app.post(
    "/api/leads/calculator-choice",
    { config: { rateLimit: context.rateLimit }, schema: { tags: ["leads"], summary: "'I want this payment option'", body: calculatorChoiceRequest, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      const { changed } = await chooseCalculatorOption(app.db, context, request.body.leadId, Number(request.body.term));
      if (changed) void app.deliverMailNow();
      return { ok: true as const };
    },
  );
};
