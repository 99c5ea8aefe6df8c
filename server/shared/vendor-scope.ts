import type { FastifyInstance, FastifyRequest } from "fastify";
import { and, eq, type AnyColumn, type SQL } from "drizzle-orm";
import { asDealerRole, dealerRoles, type DealerRole } from "#domain/auth/dealer-roles.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { AppError } from "./errors.ts";

declare const vendorScopeBrand: unique symbol;

/**
 * What a request may see of a vendor company. Only `requireVendorScope` (a session) and
 * `apiKeyVendorScope` (a key) make one, and every portal query takes it first: no query can be
 * written without it (docs/product-rules.md#r18-deals-belong-to-a-company). Inside the company, a
 * sales rep sees what they own and a dealer admin sees everything (docs/product-rules.md#r53-a-dealers-team):
 * `ownedInScope` is that rule, the one condition every query of owned rows takes.
 */
export type VendorScope = {
  readonly companyId: string;
  readonly userId: string;
  readonly email: string;
  readonly dealerRole: DealerRole;
  readonly [vendorScopeBrand]: true;
};

/** The rows of owned things (deals, quotes) the scope sees: the company's, and for a sales rep only their own. */
export function ownedInScope(scope: VendorScope, columns: { company: AnyColumn; owner: AnyColumn }): SQL {
  const company = eq(columns.company, scope.companyId);
  return scope.dealerRole === dealerRoles.admin ? company : and(company, eq(columns.owner, scope.userId))!;
}

export const isDealerAdmin = (scope: VendorScope) => scope.dealerRole === dealerRoles.admin;

const adminsOnly = () => new AppError("FORBIDDEN", "Only your company's dealer admins can do this.");

/**
 * `recentAuthentication`: a change that needs a factor proved within the last minutes (a new API
 * key or webhook endpoint). `dealerAdmin`: the company's matters (team, keys, webhooks), refused
 * to a sales rep.
 */
export async function requireVendorScope(
  app: FastifyInstance,
  request: FastifyRequest,
  options: { recentAuthentication?: boolean; dealerAdmin?: boolean } = {},
): Promise<VendorScope> {
  const user = await app.requireUser(request, {
    roles: [authRoles.vendor],
    recentAuthentication: options.recentAuthentication,
  });
  if (!user.vendorCompanyId) throw new AppError("FORBIDDEN", "Your account is not linked to a vendor company.");
  const scope = {
    companyId: user.vendorCompanyId,
    userId: user.id,
    email: user.email,
    dealerRole: asDealerRole(user.dealerRole),
  } as VendorScope;
  if (options.dealerAdmin && !isDealerAdmin(scope)) throw adminsOnly();
  return scope;
}

/**
 * The scope of an API key (`server/api-keys/authenticate-api-key.ts` is the only caller): the
 * key's company, acting as the vendor user who created the key, with that user's role today.
 */
export function apiKeyVendorScope(key: {
  companyId: string;
  userId: string;
  email: string;
  dealerRole: string | null;
}): VendorScope {
  return {
    companyId: key.companyId,
    userId: key.userId,
    email: key.email,
    dealerRole: asDealerRole(key.dealerRole),
  } as VendorScope;
}
