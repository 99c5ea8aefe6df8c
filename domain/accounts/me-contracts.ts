import * as z from "zod/mini";
import { endpoint } from "../http/endpoint.ts";
import { dealerRoleValues } from "../auth/dealer-roles.ts";

export const meResponse = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.string(),
    /** A vendor's role in their company; null for staff. */
    dealerRole: z.nullable(z.enum(dealerRoleValues)),
    twoFactorEnabled: z.boolean(),
  }),
  staffTwoFactorRequired: z.boolean(),
  // Durations, not times: a browser's clock may be off from the server's.
  /** Seconds until the session ends if nothing more happens: drives the expiry warning. */
  sessionSecondsLeft: z.number(),
  /** Seconds during which reveals and exports need no new confirmation (0: confirm first). */
  recentAuthenticationSecondsLeft: z.number(),
});

export type Me = z.infer<typeof meResponse>;

/** Prove a factor again before a reveal or an export: a TOTP code, or the password without two-factor. */
export const confirmIdentityRequest = z.union([
  z.object({ code: z.string().check(z.regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app.")) }),
  z.object({
    password: z
      .string()
      .check(z.minLength(1, "Enter your password."), z.maxLength(128, "Passwords are at most 128 characters.")),
  }),
]);

export type ConfirmIdentityRequest = z.infer<typeof confirmIdentityRequest>;

export const getMe = endpoint({
  method: "GET",
  path: "/api/me",
  audience: "signed-in",
  summary: "The signed-in user (reading it is not activity)",
  tags: ["accounts"],
  responses: { 200: meResponse },
  errors: ["UNAUTHENTICATED"],
});

export const keepAlive = endpoint({
  method: "POST",
  path: "/api/me/keep-alive",
  audience: "signed-in",
  summary: "Stay signed in: counts as activity",
  tags: ["accounts"],
  responses: { 200: meResponse },
  errors: ["UNAUTHENTICATED"],
});

export const confirmIdentity = endpoint({
  method: "POST",
  path: "/api/me/confirm-identity",
  audience: "signed-in",
  summary: "Prove a factor again before a reveal or an export",
  tags: ["accounts"],
  body: confirmIdentityRequest,
  responses: { 200: meResponse },
  errors: ["UNAUTHENTICATED"],
});
