import type { FastifyPluginAsync } from "fastify";
import { confirmInPersonSigning, startInPersonSigning } from "#domain/signing/portal-in-person-contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import type { MailContext } from "../shared/request-context.ts";
import { signingClient } from "./signing-events.ts";
import { confirmInPerson, startInPerson } from "./start-in-person.ts";

/**
 * Signing in person at the dealer's (docs/product-rules.md#r57-documents-and-e-signature): the company's
 * vendors (a rep: their own deals; another company's deal is a 404) start the ceremony on their device for
 * a signer of the deal's package, and the code the signer received opens the signer's session there.
 */
export const inPersonRoutes: FastifyPluginAsync<{ context: MailContext }> = async (app, { context }) => {
  registerEndpoint(app, startInPersonSigning, async (request, _reply, scope) =>
    startInPerson(app.db, context, scope, request.params.id, request.params.signerId, signingClient(request)),
  );

  registerEndpoint(app, confirmInPersonSigning, async (request, reply, scope) => {
    const session = await confirmInPerson(
      app.db,
      context.product,
      scope,
      { dealId: request.params.id, signerId: request.params.signerId },
      request.body,
      signingClient(request),
    );
    reply.header("set-cookie", app.signerCookie.opened(session.sessionToken));
    return { ok: true as const };
  });
};
