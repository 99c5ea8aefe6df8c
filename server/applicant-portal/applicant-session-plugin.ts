import fp from "fastify-plugin";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { and, eq, gt } from "drizzle-orm";
import { applicantMessages } from "#domain/applicant-portal/applicant-access.ts";
import { AppError } from "../shared/errors.ts";
import { sha256Hex } from "../shared/crypto/link-token.ts";
import { applicantCookie, readCookie, type ApplicantCookie } from "./applicant-cookie.ts";
import { applicantAccess } from "./tables.ts";

/** Who an `applicant` contract lets in: one deal's applicant, by one link's session. */
export type ApplicantCaller = { accessId: string; dealId: string; sessionEndsAt: Date };

declare module "fastify" {
  interface FastifyInstance {
    /** The `applicant` audience's guard (server/register-endpoint.ts): the session its cookie names, or 401. */
    requireApplicant(request: FastifyRequest): Promise<ApplicantCaller>;
    /** The applicant's session cookie (its name and Set-Cookie values). */
    applicantCookie: ApplicantCookie;
  }
}

/**
 * The applicant's session (docs/product-rules.md#r56-the-applicants-page): a cookie whose token's hash
 * names an `applicant_access` row with an unexpired session. A cookie that names none counts as a
 * refused credential of the address (failed-authentication.ts), which is refused before the lookup
 * once it has too many, like a user's session cookie.
 */
export default fp(
  async function applicantSessionPlugin(app: FastifyInstance, options: { publicUrl: string }) {
    const cookie = applicantCookie(options.publicUrl);
    app.decorate("applicantCookie", cookie);
    app.decorate("requireApplicant", async (request: FastifyRequest): Promise<ApplicantCaller> => {
      const token = readCookie(request.headers.cookie, cookie.name);
      if (!token) throw new AppError("UNAUTHENTICATED", applicantMessages.sessionEnded);
      await app.failedAuthentications.refuseWhileBlocked(request);
      const [found] = await app.db
        .select({ id: applicantAccess.id, dealId: applicantAccess.dealId, endsAt: applicantAccess.sessionExpiresAt })
        .from(applicantAccess)
        .where(
          and(eq(applicantAccess.sessionTokenHash, sha256Hex(token)), gt(applicantAccess.sessionExpiresAt, new Date())),
        );
      if (!found) {
        await app.failedAuthentications.count(request);
        throw new AppError("UNAUTHENTICATED", applicantMessages.sessionEnded);
      }
      return { accessId: found.id, dealId: found.dealId, sessionEndsAt: found.endsAt! };
    });
  },
  { name: "applicant-session", dependencies: ["db", "security"] },
);
