import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  resumeCreditApplicationDraft as resumeDraftEndpoint,
  saveCreditApplicationDraft as saveDraftEndpoint,
} from "#domain/leads/draft-contracts.ts";
import { sendFooterMessage, sendVendorContact, submitCreditApplication } from "#domain/leads/contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { createCreditApplication, type MarkQuoteApplied } from "./create-credit-application.ts";
import { createFooterMessage } from "./create-footer-message.ts";
import { createVendorContact } from "./create-vendor-contact.ts";
import { resumeCreditApplicationDraft } from "./resume-credit-application-draft.ts";
import { saveCreditApplicationDraft } from "./save-credit-application-draft.ts";
import type { LeadContext } from "../shared/request-context.ts";

type PublicLeadOptions = {
  context: LeadContext;
  cipher: FieldCipher;
  /** The brand's business time zone: a credit application's received day. */
  timeZone: string;
  /** quotes/open-quote-link.ts's: an application sent from a quote link marks its quote applied. */
  markQuoteApplied: MarkQuoteApplied;
};

/** The public forms' leads (`/api/leads/*`): a visitor's message, contact request, credit application and saved draft. */
export const publicLeadRoutes: FastifyPluginAsyncZod<PublicLeadOptions> = async (
  app,
  { context, cipher, timeZone, markQuoteApplied },
) => {
  // Public: each form has its own per-address limit.
  const publicForm = { config: { rateLimit: context.rateLimit } };
  const created = (reply: FastifyReply, result: { id: string; created: boolean }) => {
    reply.status(result.created ? 201 : 200);
    return { id: result.id };
  };

  registerEndpoint(
    app,
    sendFooterMessage,
    async (request, reply) => created(reply, await createFooterMessage(app.db, context, request.body)),
    publicForm,
  );
  registerEndpoint(
    app,
    sendVendorContact,
    async (request, reply) => created(reply, await createVendorContact(app.db, context, request.body)),
    publicForm,
  );
  registerEndpoint(
    app,
    submitCreditApplication,
    async (request, reply) =>
      created(
        reply,
        await createCreditApplication(app.db, cipher, { ...context, timeZone, markQuoteApplied }, request.body),
      ),
    publicForm,
  );

  // "Save and finish later" (docs/product-rules.md#r6-save-and-finish-later): the per-address limit of the forms, and a
  // per-e-mail one inside.
  registerEndpoint(
    app,
    saveDraftEndpoint,
    async (request, reply) => {
      const saved = await saveCreditApplicationDraft(app.db, cipher, context, request.body);
      reply.status(201);
      return saved;
    },
    publicForm,
  );
  registerEndpoint(
    app,
    resumeDraftEndpoint,
    async (request) => resumeCreditApplicationDraft(app.db, cipher, request.body.token),
    publicForm,
  );
};
