import { APIError } from "better-auth/api";
import type { FastifyRequest } from "fastify";
import type { ConfirmIdentityRequest } from "#domain/accounts/me-contracts.ts";
import type { Auth } from "../auth/create-auth.ts";
import type { SessionUser } from "../auth/auth-plugin.ts";

/**
 * Whether the signed-in user proved a factor again: their TOTP code (spent like any other, so a
 * code used to sign in cannot confirm), or their password when two-factor is not set up.
 */
export async function confirmIdentity(
  auth: Auth,
  request: FastifyRequest,
  user: SessionUser,
  proof: ConfirmIdentityRequest,
): Promise<boolean> {
  const headers = new Headers({ cookie: request.headers.cookie ?? "", "x-forwarded-for": request.ip });
  try {
    if ("code" in proof) {
      if (!user.twoFactorEnabled) return false;
      await auth.api.verifyTOTP({ headers, body: { code: proof.code } });
      return true;
    }
    if (user.twoFactorEnabled) return false;
    await auth.api.verifyPassword({ headers, body: { password: proof.password } });
    return true;
  } catch (error) {
    if (error instanceof APIError) return false;
    throw error;
  }
}
