import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { creditApplicationRequest } from "#domain/leads/credit-application-schema.ts";
import { footerMessageRequest } from "#domain/leads/footer-message-schema.ts";
import { leadCreatedResponse } from "#domain/leads/lead-created-schema.ts";
import { vendorContactRequest } from "#domain/leads/vendor-contact-schema.ts";
import type { FieldCipher } from "../crypto/field-cipher.ts";
import { createCreditApplication } from "./create-credit-application.ts";
import { createFooterMessage } from "./create-footer-message.ts";
import { createVendorContact } from "./create-vendor-contact.ts";
import type { LeadContext } from "./store-lead.ts";

export const leadRoutes: FastifyPluginAsyncZod<{ context: LeadContext; cipher: FieldCipher }> = async (app, { context, cipher }) => {
  const options = <Body>(summary: string, body: Body) => ({
    config: { rateLimit: context.rateLimit },
    schema: { tags: ["leads"], summary, body, response: { 200: leadCreatedResponse, 201: leadCreatedResponse } },
  });
  const answer = async (reply: FastifyReply, result: { id: string; created: boolean }) => {
    if (result.created) void app.deliverMailNow();
    return reply.status(result.created ? 201 : 200).send({ id: result.id });
  };

  app.post("/api/leads/footer-message", options("Footer contact form", footerMessageRequest), async (request, reply) =>
    answer(reply, await createFooterMessage(app.db, context, request.body)),
  );
  app.post("/api/leads/vendor-contact", options("Vendor sign-up contact dialog", vendorContactRequest), async (request, reply) =>
    answer(reply, await createVendorContact(app.db, context, request.body)),
  );
  app.post("/api/leads/credit-application", options("Credit application (/ApplyNow)", creditApplicationRequest), async (request, reply) =>
    answer(reply, await createCreditApplication(app.db, cipher, context, request.body)),
  );
};
