/**
 * The better-auth endpoints the product uses over HTTP, each routed on its own. Every other
 * endpoint the library has (admin: impersonation, set-user-password, set-role, create-user;
 * sign-up, update-user, delete-user, ...) is not routed at all: 404 for everyone (decisions.md 11).
 * Staff capabilities go through our own routes, behind the two-factor rule and the audit log.
 */
export const exposedAuthEndpoints = [
  { method: "POST", path: "/sign-in/email" },
  { method: "POST", path: "/sign-out" },
  { method: "POST", path: "/request-password-reset" },
  // The mailed reset and invitation link, which redirects to /reset-password with the token.
  { method: "GET", path: "/reset-password/:token" },
  { method: "POST", path: "/reset-password" },
  // The mailed verification link.
  { method: "GET", path: "/verify-email" },
  { method: "POST", path: "/two-factor/enable" },
  { method: "POST", path: "/two-factor/verify-totp" },
  { method: "POST", path: "/two-factor/verify-backup-code" },
] as const;

export type ExposedAuthEndpoint = (typeof exposedAuthEndpoints)[number];
