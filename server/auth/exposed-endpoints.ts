import type * as z from "zod/mini";
import { browserAuthEndpoints, checkedAuthEndpoints } from "#domain/auth/contracts.ts";
import type { HttpMethod } from "#domain/http/endpoint.ts";

const authPrefix = "/api/auth";

/**
 * The better-auth endpoints the product uses over HTTP, each routed on its own: the ones the
 * browser calls (their contracts, domain/auth/contracts.ts). The reset and invitation links are our
 * page's, not the library's (domain/auth/password-link.ts); an unverified account is sent its
 * invitation again, never the library's verification link (create-auth.ts). Every other
 * endpoint the library has (admin: impersonation, set-user-password, set-role, create-user;
 * sign-up, update-user, delete-user, ...) is not routed at all: 404 for everyone
 * (docs/product-rules.md#r41-staff-two-factor).
 * Staff capabilities go through our own routes, behind the two-factor rule and the audit log.
 * Paths are the library's own, without /api/auth. `body`: the contract's schema, which the body
 * must pass before the library sees it (the two-factor codes: never trustDevice).
 */
export const exposedAuthEndpoints: readonly { method: HttpMethod; path: string; body?: z.ZodMiniType }[] = [
  // sign-in/email, sign-out, request-password-reset, reset-password, two-factor enable / verify-totp /
  // verify-backup-code.
  ...browserAuthEndpoints.map((endpoint) => {
    if (!endpoint.path.startsWith(`${authPrefix}/`)) throw new Error(`${endpoint.path} is not an auth endpoint`);
    const checked = (checkedAuthEndpoints as readonly unknown[]).includes(endpoint);
    return {
      method: endpoint.method,
      path: endpoint.path.slice(authPrefix.length),
      body: checked ? endpoint.body : undefined,
    };
  }),
];

export type ExposedAuthEndpoint = (typeof exposedAuthEndpoints)[number];
