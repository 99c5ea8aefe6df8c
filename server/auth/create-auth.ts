import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { admin, twoFactor } from "better-auth/plugins";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Brand } from "#domain/site/brand.ts";
import { linkLifetimes } from "#domain/auth/link-lifetime.ts";
import { passwordLinkUrl } from "#domain/auth/password-link.ts";
import { passwordLength, passwordResetMessages } from "#domain/auth/password-reset-schema.ts";
import { authRoles, isStaffRole } from "#domain/auth/roles.ts";
import { sessionLimits } from "#domain/auth/session-lifetime.ts";
import {
  accountWaitMessage,
  accountWaitSeconds,
  signInThrottle,
  signInWaitMessage,
  signInWaitSeconds,
} from "#domain/auth/sign-in-delay.ts";
import type { Database, DbExecutor } from "../db/client.ts";
import { auditLog } from "../audit/tables.ts";
import * as authTables from "./tables.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { FieldCipher } from "../shared/crypto/field-cipher.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";
import { endSignIns } from "./end-sign-ins.ts";
import { accountEventMail, type AccountEvent, type RevokedCredentials } from "./account-mails.ts";
import { mailInvitation } from "./send-invitation.ts";
import { invitationMail } from "./invitation-mail.ts";
import { isCommonPassword } from "./common-passwords.ts";
import { matchingTotpStep } from "./totp-step.ts";

/**
 * Revokes the API keys and webhook endpoints a user created (accounts/revoke-created-credentials.ts):
 * given, not imported, because those subjects sit above auth (docs/decisions/0021-subject-folders.md).
 */
export type RevokeCreatedCredentials = (
  tx: DbExecutor,
  userId: string,
  actor: { actorUserId: string | null; reason: string },
) => Promise<RevokedCredentials>;

/** cipher: seals the links it mails (hide-link-secrets.ts); seeding that mails none may leave it out. */
export type AuthOptions = {
  db: Database;
  secret: string;
  publicUrl: string;
  brand: Brand;
  cipher?: FieldCipher;
  revokeCreatedCredentials: RevokeCreatedCredentials;
};

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

export function createAuth({ db, secret, publicUrl, brand, cipher, revokeCreatedCredentials }: AuthOptions) {
  const mail = (to: string, subject: string, paragraphs: string[], action: { label: string; url: string }) =>
    enqueueMail(db, simpleMail({ to, subject, paragraphs, action, product: brand.name }), cipher);
  const tell = (to: string, event: AccountEvent) => enqueueMail(db, accountEventMail(brand, publicUrl, to, event));

  const auth = betterAuth({
    appName: brand.name,
    baseURL: publicUrl,
    basePath: "/api/auth",
    secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: authTables.user,
        session: authTables.session,
        account: authTables.account,
        verification: authTables.verification,
        twoFactor: authTables.twoFactor,
        rateLimit: authTables.rateLimit,
      },
    }),
    trustedOrigins: [publicUrl],
    // Reset and invitation tokens (and every other verification identifier) are stored as their
    // SHA-256: a copy of the database opens no account (drizzle/0016 hashed the rows stored before).
    verification: { storeIdentifier: "hashed" },
    emailAndPassword: {
      enabled: true,
      // Accounts are created by staff (docs/product-rules.md#r38-roles), never by public sign-up.
      disableSignUp: true,
      requireEmailVerification: true,
      minPasswordLength: passwordLength.min,
      maxPasswordLength: passwordLength.max,
      revokeSessionsOnPasswordReset: true,
      // A reset link; staff's invitations are valid longer and are written by send-invitation.ts.
      resetPasswordTokenExpiresIn: linkLifetimes.passwordReset.seconds,
      // better-auth's own link (its GET /reset-password/:token, which redirects with ?token=) puts
      // the token in URLs: ours carries it in the fragment (domain/auth/password-link.ts).
      sendResetPassword: async ({ user, token }) => {
        const url = passwordLinkUrl(publicUrl, token);
        // An invited vendor who asks for a link before using the invitation: still an invitation, a reset's lifetime.
        if (!user.emailVerified) {
          await enqueueMail(db, invitationMail(brand.name, user, url, linkLifetimes.passwordReset.words), cipher);
          return;
        }
        await mail(
          user.email,
          `Reset your ${brand.name} password`,
          [
            "Someone asked to reset the password of your vendor portal account.",
            "The link works for one hour. If you did not ask for it, ignore this message.",
          ],
          { label: "Choose a new password", url },
        );
      },
      // Following the mailed link proves the address: an invited user is verified by it. Whoever
      // held the account before the reset keeps nothing: sessions (better-auth), trusted devices,
      // other links, and the API keys and webhook endpoints the user created, which the mail lists.
      onPasswordReset: async ({ user }) => {
        const invitation = !user.emailVerified;
        await db.transaction(async (tx) => {
          await tx.update(authTables.user).set({ emailVerified: true }).where(eq(authTables.user.id, user.id));
          await endSignIns(tx, user.id);
          const revoked = await revokeCreatedCredentials(tx, user.id, {
            actorUserId: user.id,
            reason: "password.reset",
          });
          await recordAudit(tx, {
            action: invitation ? "invitation.accepted" : "password.reset",
            actorUserId: user.id,
            subject: user.email,
          });
          await enqueueMail(
            tx,
            accountEventMail(brand, publicUrl, user.email, invitation ? "invitation-used" : "password-reset", revoked),
          );
        });
      },
    },
    emailVerification: {
      // An unverified account is an invitation not yet used. Signing in to it with the right
      // password mails the invitation again: a password link (token in the fragment) whose use
      // verifies the address (onPasswordReset). The library's own verification link carries its
      // token in the query string (docs/product-rules.md#r37-no-secret-in-a-url-or-a-log), so it is never mailed and
      // its route is not
      // exposed (exposed-endpoints.ts).
      sendOnSignIn: true,
      sendVerificationEmail: async ({ user }) => {
        await mailInvitation(
          db,
          (await auth.$context).internalAdapter,
          { cipher, publicUrl, product: brand.name },
          user,
        );
      },
    },
    user: {
      additionalFields: {
        vendorCompanyId: { type: "string", required: false, input: false },
        dealerRole: { type: "string", required: false, input: false },
        linkCode: { type: "string", required: false, input: false },
      },
    },
    session: {
      // Absolute lifetimes (docs/product-rules.md#r40-link-and-session-lifetimes): a session is never extended. Staff
      // sessions end
      // sooner (set when created) and after 30 idle minutes (requireUser).
      expiresIn: sessionLimits.vendor.absoluteMs / 1000,
      disableSessionRefresh: true,
      additionalFields: {
        factorVerifiedAt: { type: "date", required: false, input: false },
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/request-password-reset": { window: 60, max: 5 },
        "/send-verification-email": { window: 60, max: 5 },
        "/two-factor/verify-totp": { window: 60, max: 10 },
        "/two-factor/verify-backup-code": { window: 60, max: 10 },
      },
    },
    advanced: {
      cookiePrefix: "kec",
      useSecureCookies: publicUrl.startsWith("https://"),
    },
    plugins: [
      // Only for the role and ban columns: none of its endpoints is routed (exposed-endpoints.ts).
      admin({ defaultRole: authRoles.vendor, adminRoles: [authRoles.admin] }),
      twoFactor({ issuer: brand.name }),
    ],
    databaseHooks: {
      session: {
        create: {
          // Staff sessions end sooner. The step-up window counts from the factor that made the
          // session (the code, or the password of an account without two-factor), never from
          // whatever else creates one.
          before: async (session, context) => {
            const [owner] = await db
              .select({ role: authTables.user.role, twoFactorEnabled: authTables.user.twoFactorEnabled })
              .from(authTables.user)
              .where(eq(authTables.user.id, session.userId));
            const factorProved =
              sessionMakingFactors.includes(context?.path ?? "") &&
              (context?.path !== "/sign-in/email" || !owner?.twoFactorEnabled);
            return {
              data: {
                ...session,
                factorVerifiedAt: factorProved ? new Date() : null,
                ...(isStaffRole(owner?.role)
                  ? { expiresAt: new Date(Date.now() + sessionLimits.staff.absoluteMs) }
                  : {}),
              },
            };
          },
          after: async (session) => {
            await recordAudit(db, { action: "sign-in", actorUserId: session.userId, ipAddress: session.ipAddress });
          },
        },
      },
      user: {
        update: {
          after: async (user, context) => {
            // verify-totp turns two-factor on once, when the first code confirms the enrolment.
            if (
              context?.path !== "/two-factor/verify-totp" ||
              !(user as { twoFactorEnabled?: boolean }).twoFactorEnabled
            )
              return;
            await recordAudit(db, { action: "two-factor.enabled", actorUserId: user.id, subject: user.email });
            await tell(user.email, "two-factor-on");
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-in/email") await refuseWhileThrottled(db, ctx);
        // better-auth also takes the token from the query string: a URL, which ours never carry
        // (docs/product-rules.md#r37-no-secret-in-a-url-or-a-log).
        if (ctx.path === "/reset-password" && ctx.query?.token !== undefined) {
          throw new APIError("BAD_REQUEST", {
            message: "Send the token in the request body, not in the URL.",
            code: "TOKEN_IN_URL",
          });
        }
        if (ctx.path === "/reset-password" && isCommonPassword(String(ctx.body?.newPassword ?? ""))) {
          throw new APIError("BAD_REQUEST", { message: passwordResetMessages.tooCommon, code: "PASSWORD_TOO_COMMON" });
        }
        if (ctx.path === "/two-factor/verify-totp") await spendTotpStep(db, ctx);
      }),
      after: createAuthMiddleware(async (ctx) => {
        const failed = ctx.context.returned instanceof APIError ? ctx.context.returned : null;
        const ipAddress = ctx.request?.headers.get("x-forwarded-for") ?? null;
        if (ctx.path === "/sign-in/email" && failed?.statusCode === 401) {
          await recordAudit(db, {
            action: "sign-in.failed",
            subject: String(ctx.body?.email ?? "").toLowerCase(),
            ipAddress,
            details: { reason: failed.body?.code ?? "UNKNOWN" },
          });
        }
        // Asked for over HTTP; staff's invitations call it from the server and are audited as such.
        if (ctx.path === "/request-password-reset" && !failed && ctx.request) {
          await recordAudit(db, {
            action: "password-reset.requested",
            subject: String(ctx.body?.email ?? "").toLowerCase(),
            ipAddress,
          });
        }
        if ((ctx.path === "/two-factor/verify-totp" || ctx.path === "/two-factor/verify-backup-code") && failed) {
          await recordAudit(db, {
            action: "two-factor.failed",
            actorUserId: await twoFactorUserId(ctx),
            ipAddress,
            details: {
              reason: failed.body?.code ?? "UNKNOWN",
              factor: ctx.path.endsWith("totp") ? "totp" : "recovery-code",
            },
          });
        }
        if (ctx.path === "/two-factor/verify-backup-code" && !failed) {
          await recordAudit(db, {
            action: "two-factor.recovery-code-used",
            actorUserId: await twoFactorUserId(ctx),
            ipAddress,
          });
        }
      }),
    },
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

/** The endpoints whose new session comes from a factor just proved: the password, the app's code, a recovery code. */
const sessionMakingFactors = ["/sign-in/email", "/two-factor/verify-totp", "/two-factor/verify-backup-code"];

/**
 * Growing delays per account and address, and the account's own limit from every address since
 * its last password reset (domain/auth/sign-in-delay.ts), counted from the audit log in one query.
 */
async function refuseWhileThrottled(db: Database, ctx: HookContext): Promise<void> {
  const email = String(ctx.body?.email ?? "").toLowerCase();
  const ipAddress = ctx.request?.headers.get("x-forwarded-for");
  if (!ipAddress) return;
  const now = new Date();
  const since = new Date(now.getTime() - signInThrottle.windowMinutes * 60_000);
  const { at, action, subject } = auditLog;
  const fromAddress = sql`${auditLog.ipAddress} = ${ipAddress}`;
  const reset = sql`(select max(reset.at) from audit_log reset where reset.action in ('password.reset', 'invitation.accepted') and reset.subject = ${email})`;
  const sinceReset = sql`(${reset} is null or ${at} > ${reset})`;
  const [row] = await db
    .select({
      failures: sql<number>`count(*) filter (where ${fromAddress})`.mapWith(Number),
      last: sql<string | null>`max(${at}) filter (where ${fromAddress})`,
      accountFailures: sql<number>`count(*) filter (where ${sinceReset})`.mapWith(Number),
      accountOldest: sql<string | null>`min(${at}) filter (where ${sinceReset})`,
    })
    .from(auditLog)
    .where(and(eq(action, "sign-in.failed"), eq(subject, email), gt(at, since)));
  const accountWait = accountWaitSeconds(
    row?.accountFailures ?? 0,
    row?.accountOldest ? new Date(row.accountOldest) : null,
    now,
  );
  if (accountWait > 0)
    throw new APIError(
      "TOO_MANY_REQUESTS",
      { message: accountWaitMessage(accountWait), code: "SIGN_IN_THROTTLED" },
      { "retry-after": String(accountWait) },
    );
  const wait = signInWaitSeconds(row?.failures ?? 0, row?.last ? new Date(row.last) : null, now);
  if (wait > 0)
    throw new APIError(
      "TOO_MANY_REQUESTS",
      { message: signInWaitMessage(wait), code: "SIGN_IN_THROTTLED" },
      { "retry-after": String(wait) },
    );
}

/** The user a two-factor request is about: the signed-in user, or the one half-way through sign-in. */
async function twoFactorUserId(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie("two_factor");
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const verification = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return verification?.value ?? null;
}

/**
 * A TOTP code works once (RFC 6238 5.2): the step it belongs to must be later than the last step
 * the user spent, claimed atomically, so the same code sent twice, even at once, passes once.
 */
async function spendTotpStep(db: Database, ctx: HookContext): Promise<void> {
  const userId = await twoFactorUserId(ctx);
  if (!userId) return;
  const [stored] = await db
    .select({ secret: authTables.twoFactor.secret })
    .from(authTables.twoFactor)
    .where(eq(authTables.twoFactor.userId, userId));
  if (!stored) return;
  const step = matchingTotpStep(
    await symmetricDecrypt({ key: ctx.context.secretConfig, data: stored.secret }),
    String(ctx.body?.code ?? ""),
  );
  // A wrong code is left to better-auth, which refuses it and counts the failure.
  if (step === null) return;
  const claimed = await db
    .update(authTables.twoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(authTables.twoFactor.userId, userId),
        or(isNull(authTables.twoFactor.lastUsedStep), lt(authTables.twoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ id: authTables.twoFactor.id });
  if (claimed.length === 0) {
    // The after hook does not run when a before hook refuses: audit the refusal here.
    await recordAudit(db, {
      action: "two-factor.failed",
      actorUserId: userId,
      ipAddress: ctx.request?.headers.get("x-forwarded-for") ?? null,
      details: { reason: "TOTP_CODE_REUSED", factor: "totp" },
    });
    throw new APIError("UNAUTHORIZED", {
      message: "This code was already used. Please wait for the next code.",
      code: "TOTP_CODE_REUSED",
    });
  }
}
