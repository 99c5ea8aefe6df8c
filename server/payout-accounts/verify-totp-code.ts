import { APIError } from "better-auth/api";
import type { FastifyRequest } from "fastify";
import type { Auth } from "../auth/create-auth.ts";

/**
 * Whether `code` is the signed-in user's current authenticator code: checked by better-auth on the
 * user's own session, which spends its time step (a code used to sign in or confirm once never
 * confirms again). A wrong one counts only toward the entry's own tries (confirm-payout-account.ts):
 * better-auth's two-factor lock counts sign-ins, not this check.
 */
export async function verifyTotpCode(auth: Auth, request: FastifyRequest, code: string): Promise<boolean> {
  const headers = new Headers({ cookie: request.headers.cookie ?? "", "x-forwarded-for": request.ip });
  try {
    await auth.api.verifyTOTP({ headers, body: { code } });
    return true;
  } catch (error) {
    if (error instanceof APIError) return false;
    throw error;
  }
}
