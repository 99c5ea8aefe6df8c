import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  chooseCalculatorOption as chooseCalculatorOptionEndpoint,
  sendCalculatorLead,
} from "#domain/calculator/contracts.ts";
import { yearInTimeZone } from "#domain/site/business-time.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import type { LeadContext } from "../shared/request-context.ts";
import { chooseCalculatorOption } from "./choose-calculator-option.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { createCalculatorLead } from "./create-calculator-lead.ts";

export const calculatorRoutes: FastifyPluginAsyncZod<{
  context: LeadContext;
  timeZone: string;
  cipher: FieldCipher;
}> = async (app, { context, timeZone, cipher }) => {
  registerEndpoint(
    app,
    sendCalculatorLead,
    async (request, reply) => {
      const result = await createCalculatorLead(
        app.db,
        cipher,
        { ...context, timeZone },
        request.body,
        yearInTimeZone(new Date(), timeZone),
      );
      return reply.status(result.created ? 201 : 200).send({ id: result.id, quote: result.quote });
    },
    { config: { rateLimit: context.rateLimit } },
  );

  registerEndpoint(
    app,
    chooseCalculatorOptionEndpoint,
    async (request) => {
      await chooseCalculatorOption(app.db, context, request.body.leadId, Number(request.body.term));
      return { ok: true as const };
    },
    { config: { rateLimit: context.rateLimit } },
  );
};
