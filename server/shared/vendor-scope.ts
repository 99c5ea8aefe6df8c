import type { FastifyInstance, FastifyRequest } from "fastify";
import { authRoles } from "#domain/auth/roles.ts";
import { AppError } from "./errors.ts";

declare const vendorScopeBrand: unique symbol;

/**
 * The vendor company a request may see. Only `requireVendorScope` makes one, from the session,
 * and every portal query takes it first: no query can be written without it
 * (docs/product-rules.md#r18-deals-belong-to-a-company).
 */
export type VendorScope = {
  readonly companyId: string;
  readonly userId: string;
  readonly email: string;
  readonly [vendorScopeBrand]: true;
};

/** `recentAuthentication`: a change that needs a factor proved within the last minutes (a new API key or webhook endpoint). */
export async function requireVendorScope(
  app: FastifyInstance,
  request: FastifyRequest,
  options: { recentAuthentication?: boolean } = {},
): Promise<VendorScope> {
  const user = await app.requireUser(request, {
    roles: [authRoles.vendor],
    recentAuthentication: options.recentAuthentication,
  });
  if (!user.vendorCompanyId) throw new AppError("FORBIDDEN", "Your account is not linked to a vendor company.");
  return { companyId: user.vendorCompanyId, userId: user.id, email: user.email } as VendorScope;
}

/**
 * The company of an API key (`server/api-keys/authenticate-api-key.ts` is the only
 * caller): the key's company, acting as the vendor user who created the key.
 */
export function apiKeyVendorScope(key: { companyId: string; userId: string; email: string }): VendorScope {
  return { companyId: key.companyId, userId: key.userId, email: key.email } as VendorScope;
}
