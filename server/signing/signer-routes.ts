import type { FastifyPluginAsync } from "fastify";
import { eq } from "drizzle-orm";
import {
  declineToSign,
  downloadSignerDocument,
  endSignerSession,
  getSignerCeremony,
  giveSignerConsent,
  requestSignerCode,
  signSignerDocument,
  startSignerSession,
} from "#domain/signing/signer-contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { completeSigningPackage } from "./complete-package.ts";
import { declinePackage } from "./decline-package.ts";
import { giveConsent } from "./give-consent.ts";
import type { SigningMailContext } from "./notify-signer.ts";
import { openSignerSession } from "./open-signer-session.ts";
import { sendSignerCode } from "./send-signer-code.ts";
import { sendSignerDocument } from "./send-signer-document.ts";
import { signDocument } from "./sign-document.ts";
import { signerCeremony } from "./signer-ceremony.ts";
import { signingClient } from "./signing-events.ts";
import { signingLink } from "./tables.ts";

/**
 * The signer's ceremony (docs/product-rules.md#r57-documents-and-e-signature): a request mail's token asks
 * for a code and the code opens a session (public, each at the public forms' limit per address); the
 * session reads the ceremony, consents, downloads and signs the signer's own documents, declines, and
 * closes. Every answer is no-store (plugins/security.ts).
 */
export const signerRoutes: FastifyPluginAsync<{
  context: SigningMailContext;
  rateLimit: { max: number; timeWindow: string };
}> = async (app, { context, rateLimit }) => {
  const lender = context.product;

  registerEndpoint(
    app,
    requestSignerCode,
    async (request) => sendSignerCode(app.db, context, request.body.token, signingClient(request)),
    { config: { rateLimit } },
  );

  registerEndpoint(
    app,
    startSignerSession,
    async (request, reply) => {
      const session = await openSignerSession(app.db, lender, request.body, signingClient(request), { kind: "link" });
      reply.header("set-cookie", app.signerCookie.opened(session.sessionToken));
      return { ok: true as const };
    },
    { config: { rateLimit } },
  );

  registerEndpoint(app, getSignerCeremony, async (request, _reply, caller) =>
    signerCeremony(app.db, caller, lender, signingClient(request)),
  );

  registerEndpoint(app, giveSignerConsent, async (request, _reply, caller) => {
    await giveConsent(app.db, caller, signingClient(request));
    return { ok: true as const };
  });

  registerEndpoint(app, downloadSignerDocument, async (request, reply, caller) =>
    sendSignerDocument(reply, app.db, app.storage, caller, request.params.documentId),
  );

  registerEndpoint(app, signSignerDocument, async (request, _reply, caller) => {
    const outcome = await signDocument(
      app.db,
      context,
      caller,
      request.params.documentId,
      request.body.signature,
      signingClient(request),
    );
    // After the commit: the last signature of the package completes it (signatures placed, sealed, sent).
    if (outcome.complete)
      await completeSigningPackage(app, caller.packageId).catch((error: unknown) =>
        request.log.error({ err: error, packageId: caller.packageId }, "completing a signed package failed"),
      );
    return { ok: true as const, signedAt: outcome.signedAt.toISOString(), finished: outcome.finished };
  });

  registerEndpoint(app, declineToSign, async (request, reply, caller) => {
    await declinePackage(app.db, context, caller, request.body.reason, signingClient(request));
    reply.header("set-cookie", app.signerCookie.cleared());
    return { ok: true as const };
  });

  registerEndpoint(app, endSignerSession, async (_request, reply, caller) => {
    await app.db
      .update(signingLink)
      .set({ sessionTokenHash: null, sessionExpiresAt: null })
      .where(eq(signingLink.id, caller.linkId));
    reply.header("set-cookie", app.signerCookie.cleared());
    return { ok: true as const };
  });
};
