import fp from "fastify-plugin";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { and, eq, gt } from "drizzle-orm";
import { packageOpen, packageRefusal, signerMessages } from "#domain/signing/signer-access.ts";
import { AppError } from "../shared/errors.ts";
import { sha256Hex } from "../shared/crypto/link-token.ts";
import { readCookie } from "../applicant-portal/applicant-cookie.ts";
import { signerCookie, type SignerCookie } from "./signer-cookie.ts";
import { signingLink, signingPackage, signingSigner } from "./tables.ts";

/** Who a `signer` contract lets in: one signer of one package, by one link's session. */
export type SignerCaller = {
  linkId: string;
  signerId: string;
  packageId: string;
  dealId: string;
  sessionEndsAt: Date;
  /** Opened in person on this dealer user's device. */
  inPersonHostUserId: string | null;
};

declare module "fastify" {
  interface FastifyInstance {
    /** The `signer` audience's guard (server/register-endpoint.ts): the session its cookie names, on a package still open, or a refusal. */
    requireSigner(request: FastifyRequest): Promise<SignerCaller>;
    /** The signer's session cookie (its name and Set-Cookie values). */
    signerCookie: SignerCookie;
  }
}

/**
 * The signer's session (docs/product-rules.md#r57-documents-and-e-signature): a cookie whose token's hash
 * names a `signing_link` with an unexpired session. A cookie that names none counts as a refused
 * credential of the address (failed-authentication.ts), refused before the lookup once it has too many.
 * The package is read on every request: once it is voided, declined or expired, every session of it
 * ends at once (410 with the reason in the signer's words); a completed package still shows its end.
 */
export default fp(
  async function signerSessionPlugin(app: FastifyInstance, options: { publicUrl: string; lenderName: string }) {
    const cookie = signerCookie(options.publicUrl);
    app.decorate("signerCookie", cookie);
    app.decorate("requireSigner", async (request: FastifyRequest): Promise<SignerCaller> => {
      const token = readCookie(request.headers.cookie, cookie.name);
      if (!token) throw new AppError("UNAUTHENTICATED", signerMessages.sessionEnded);
      await app.failedAuthentications.refuseWhileBlocked(request);
      const now = new Date();
      const [found] = await app.db
        .select({
          linkId: signingLink.id,
          signerId: signingLink.signerId,
          endsAt: signingLink.sessionExpiresAt,
          inPersonHostUserId: signingLink.inPersonHostUserId,
          packageId: signingPackage.id,
          dealId: signingPackage.dealId,
          status: signingPackage.status,
          expiresAt: signingPackage.expiresAt,
        })
        .from(signingLink)
        .innerJoin(signingSigner, eq(signingSigner.id, signingLink.signerId))
        .innerJoin(signingPackage, eq(signingPackage.id, signingSigner.packageId))
        .where(and(eq(signingLink.sessionTokenHash, sha256Hex(token)), gt(signingLink.sessionExpiresAt, now)));
      if (!found) {
        await app.failedAuthentications.count(request);
        throw new AppError("UNAUTHENTICATED", signerMessages.sessionEnded);
      }
      if (found.status !== "completed" && !packageOpen(found, now))
        throw new AppError("GONE", packageRefusal(found, now, options.lenderName) ?? signerMessages.linkUnknown);
      return {
        linkId: found.linkId,
        signerId: found.signerId,
        packageId: found.packageId,
        dealId: found.dealId,
        sessionEndsAt: found.endsAt!,
        inPersonHostUserId: found.inPersonHostUserId,
      };
    });
  },
  { name: "signer-session", dependencies: ["db", "security"] },
);
