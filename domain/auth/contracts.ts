import * as z from "zod/mini";
import { newPasswordSchema, passwordResetRequest } from "./password-reset-schema.ts";
import { signInSchema } from "./sign-in-schema.ts";
import { totpCodeRequest, twoFactorEnableRequest } from "./two-factor-schema.ts";
import { endpoint } from "../http/endpoint.ts";

// The better-auth endpoints the browser calls. The server routes each of them to the library as
// it is (server/auth/exposed-endpoints.ts, ADR 0013): the library validates the body and
// answers; these schemas say what the browser sends and reads. Routed under /api/auth only. The
// two-factor codes' bodies are also checked by the server (checkedAuthEndpoints).

/** Codes the auth library (or our hooks on it, server/auth/create-auth.ts) answers with. */
export const authErrorCodes = {
  emailNotVerified: "EMAIL_NOT_VERIFIED",
  passwordTooCommon: "PASSWORD_TOO_COMMON",
  totpCodeReused: "TOTP_CODE_REUSED",
  signInThrottled: "SIGN_IN_THROTTLED",
} as const;

export type AuthErrorCode = (typeof authErrorCodes)[keyof typeof authErrorCodes];

/** A recovery code (an app's code is totpCodeRequest). Nothing else: the library's trustDevice is refused. */
const recoveryCode = z.strictObject({ code: z.string().check(z.minLength(1), z.maxLength(100)) });
const signedIn = z.object({ token: z.optional(z.string()), user: z.object({ id: z.string() }) });
const status = z.object({ status: z.boolean() });

export const signIn = endpoint({
  method: "POST",
  path: "/api/auth/sign-in/email",
  audience: "public",
  summary: "Sign in with e-mail and password",
  tags: ["auth"],
  body: signInSchema,
  // With two-factor on, the session waits for a code: `twoFactorRedirect` says so.
  responses: { 200: z.object({ twoFactorRedirect: z.optional(z.boolean()) }) },
  errors: [],
});

export const signOut = endpoint({
  method: "POST",
  path: "/api/auth/sign-out",
  audience: "public",
  summary: "Sign out",
  tags: ["auth"],
  body: z.object({}),
  responses: { 200: z.object({ success: z.boolean() }) },
  errors: [],
});

export const requestPasswordReset = endpoint({
  method: "POST",
  path: "/api/auth/request-password-reset",
  audience: "public",
  summary: "Mail a password reset link (the same answer whether or not the account exists)",
  tags: ["auth"],
  body: passwordResetRequest,
  responses: { 200: status },
  errors: [],
});

export const resetPassword = endpoint({
  method: "POST",
  path: "/api/auth/reset-password",
  audience: "public",
  summary: "Choose a new password with the mailed token",
  tags: ["auth"],
  body: z.object({ newPassword: newPasswordSchema.shape.newPassword, token: z.string() }),
  responses: { 200: status },
  errors: [],
});

export const enableTwoFactor = endpoint({
  method: "POST",
  path: "/api/auth/two-factor/enable",
  audience: "signed-in",
  summary: "Start TOTP enrolment: the key and recovery codes (two-factor turns on with the first code)",
  tags: ["auth"],
  body: twoFactorEnableRequest,
  responses: { 200: z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) }) },
  errors: [],
});

export const verifyTotp = endpoint({
  method: "POST",
  path: "/api/auth/two-factor/verify-totp",
  audience: "public",
  summary: "A code from the authenticator app: finishes a sign-in or an enrolment",
  tags: ["auth"],
  body: totpCodeRequest,
  responses: { 200: signedIn },
  errors: [],
});

export const verifyBackupCode = endpoint({
  method: "POST",
  path: "/api/auth/two-factor/verify-backup-code",
  audience: "public",
  summary: "A recovery code instead of the app's (each works once)",
  tags: ["auth"],
  body: recoveryCode,
  responses: { 200: signedIn },
  errors: [],
});

/** Every auth endpoint the browser calls: the server routes exactly these, plus the mailed verification link. */
export const browserAuthEndpoints = [
  signIn,
  signOut,
  requestPasswordReset,
  resetPassword,
  enableTwoFactor,
  verifyTotp,
  verifyBackupCode,
] as const;

/**
 * The ones whose body the server checks with the schema above before the library sees it: the
 * library's takes `trustDevice` too, a 30-day cookie that skips the second factor, which the
 * product never offers (a device is never trusted: two-factor at every sign-in).
 */
export const checkedAuthEndpoints = [verifyTotp, verifyBackupCode] as const;
