import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { partnerResponse } from "#domain/api/partner.ts";
import { chooseCalculatorOption as chooseCalculatorOptionEndpoint, sendCalculatorLead } from "#domain/api/calculator.ts";
import { yearInTimeZone } from "#domain/site/business-time.ts";
import { eq } from "drizzle-orm";
import { partner } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { registerEndpoint } from "../../register-endpoint.ts";
import type { LeadContext } from "../leads/store-lead.ts";
import { chooseCalculatorOption } from "./choose-calculator-option.ts";
import { createCalculatorLead } from "./create-calculator-lead.ts";
import { findPartner } from "./find-partner.ts";

export const calculatorRoutes: FastifyPluginAsyncZod<{ context: LeadContext; timeZone: string }> = async (app, { context, timeZone }) => {
  app.get(
    "/api/partners/:slug",
    { schema: { tags: ["calculator"], summary: "A co-branded partner calculator's branding", params: z.object({ slug: z.string() }), response: { 200: partnerResponse } } },
    async (request) => {
      const found = await findPartner(app.db, request.params.slug);
      if (!found) throw new AppError("NOT_FOUND", "Not found.");
      return found;
    },
  );

  app.get("/api/partners/:slug/logo", { schema: { tags: ["calculator"], summary: "A partner's uploaded logo", params: z.object({ slug: z.string() }) } }, async (request, reply) => {
    const [found] = await app.db.select().from(partner).where(eq(partner.slug, request.params.slug));
    if (!found?.logoKey || !found.logoContentType) throw new AppError("NOT_FOUND", "Not found.");
    return reply.header("content-type", found.logoContentType).header("cache-control", "public, max-age=86400").send(await app.storage.get(found.logoKey));
  });

  registerEndpoint(
    app,
    sendCalculatorLead,
    async (request, reply) => {
      const result = await createCalculatorLead(app.db, context, request.body, yearInTimeZone(new Date(), timeZone));
      if (result.created) void app.deliverMailNow();
      return reply.status(result.created ? 201 : 200).send({ id: result.id, quote: result.quote });
    },
    { config: { rateLimit: context.rateLimit } },
  );

  registerEndpoint(
    app,
    chooseCalculatorOptionEndpoint,
    async (request) => {
      const { changed } = await chooseCalculatorOption(app.db, context, request.body.leadId, Number(request.body.term));
      if (changed) void app.deliverMailNow();
      return { ok: true as const };
    },
    { config: { rateLimit: context.rateLimit } },
  );
};
