import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { admin, twoFactor } from "better-auth/plugins";
import { and, count, eq, gt } from "drizzle-orm";
import type { Brand } from "#domain/site/brand.ts";
import { authRoles } from "#domain/auth/roles.ts";
import type { Database } from "../../db/client.ts";
import * as schema from "../../db/schema.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { simpleMail } from "../mail/mail-templates.ts";

/** Failed sign-ins allowed per account in the window before the account is throttled. */
export const accountFailureLimit = 5;
export const accountFailureWindowMinutes = 15;

export type AuthOptions = { db: Database; secret: string; publicUrl: string; brand: Brand };

export function createAuth({ db, secret, publicUrl, brand }: AuthOptions) {
  const mail = (to: string, subject: string, paragraphs: string[], action: { label: string; url: string }) =>
    enqueueMail(db, simpleMail({ to, subject, paragraphs, action, product: brand.name }));

  return betterAuth({
    appName: brand.name,
    baseURL: publicUrl,
    basePath: "/api/auth",
    secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
        rateLimit: schema.rateLimit,
      },
    }),
    trustedOrigins: [publicUrl],
    emailAndPassword: {
      enabled: true,
      // Accounts are created by staff (decisions.md 5), never by public sign-up.
      disableSignUp: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        // An account staff created and nobody has used yet: the same link is its invitation.
        if (!user.emailVerified) {
          await mail(user.email, `You are invited to the ${brand.name} vendor portal`, [
            `Hello ${user.name}, the ${brand.name} credit team opened a vendor portal account for you.`,
            "Choose your password with the link below (it works for one hour), then sign in to submit clients and follow your deals.",
          ], { label: "Choose my password", url });
          return;
        }
        await mail(user.email, `Reset your ${brand.name} password`, [
          "Someone asked to reset the password of your vendor portal account.",
          "The link works for one hour. If you did not ask for it, ignore this message.",
        ], { label: "Choose a new password", url });
      },
      // Following the mailed link proves the address: an invited user is verified by it.
      onPasswordReset: async ({ user }) => {
        await db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.id, user.id));
      },
    },
    emailVerification: {
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await mail(user.email, `Verify your ${brand.name} account`, [
          "Please confirm this e-mail address to use your account.",
        ], { label: "Verify my e-mail", url });
      },
    },
    user: {
      additionalFields: {
        vendorCompanyId: { type: "string", required: false, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 12,
      updateAge: 60 * 30,
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
      },
    },
    advanced: {
      cookiePrefix: "kec",
      useSecureCookies: publicUrl.startsWith("https://"),
    },
    plugins: [
      admin({ defaultRole: authRoles.vendor, adminRoles: [authRoles.admin] }),
      twoFactor({ issuer: brand.name }),
    ],
    databaseHooks: {
      session: {
        create: {
          after: async (session) => {
            await recordAudit(db, { action: "sign-in", actorUserId: session.userId, ipAddress: session.ipAddress });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        const email = String(ctx.body?.email ?? "").toLowerCase();
        if (await recentFailures(db, email) >= accountFailureLimit) {
          throw new APIError("TOO_MANY_REQUESTS", {
            message: `Too many failed sign-in attempts. Please try again in ${accountFailureWindowMinutes} minutes.`,
          });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email" || !(ctx.context.returned instanceof APIError)) return;
        if (ctx.context.returned.statusCode !== 401) return;
        await recordAudit(db, {
          action: "sign-in.failed",
          subject: String(ctx.body?.email ?? "").toLowerCase(),
          ipAddress: ctx.request?.headers.get("x-forwarded-for") ?? null,
          details: { reason: ctx.context.returned.body?.code ?? "UNKNOWN" },
        });
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

async function recentFailures(db: Database, email: string): Promise<number> {
  const since = new Date(Date.now() - accountFailureWindowMinutes * 60_000);
  const [row] = await db
    .select({ n: count() })
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.action, "sign-in.failed"), eq(schema.auditLog.subject, email), gt(schema.auditLog.at, since)));
  return row?.n ?? 0;
}
