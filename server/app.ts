import multipart from "@fastify/multipart";
import * as z from "zod/mini";
import { pino } from "pino";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { dealCallbackMinutes } from "#domain/response-times/response-promise.ts";
import type { Config } from "./config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { AppError } from "./shared/errors.ts";
import { limitJsonDepth } from "./limit-json-depth.ts";
import { loggerOptions, OneLinePerRequest } from "./logger.ts";
import { accountRoutes } from "./accounts/routes.ts";
import { adverseActionRoutes } from "./adverse-action/routes.ts";
import { auditRoutes } from "./audit/routes.ts";
import { duplicateRoutes } from "./leads/duplicate-routes.ts";
import { calculatorRoutes } from "./calculator/routes.ts";
import type { FieldCipher } from "./shared/crypto/field-cipher.ts";
import type { Auth } from "./auth/create-auth.ts";
import { healthRoutes } from "./monitoring/health-routes.ts";
import { loadPrerenderedSite, servePagesFirst } from "./site/prerendered-site.ts";
import { backOfficeLeadRoutes } from "./leads/back-office-routes.ts";
import { publicLeadRoutes } from "./leads/public-routes.ts";
import { devMailDirectory } from "./mail/dev-mail-transport.ts";
import { statusMailRoutes } from "./mail/routes.ts";
import { questionnaireRoutes } from "./questionnaire/routes.ts";
import { publicQuoteRoutes } from "./quotes/public-routes.ts";
import { outboxRoutes } from "./mail/outbox-routes.ts";
import { backOfficeSummaryRoutes } from "./back-office-summary/routes.ts";
import { promiseBoardRoutes } from "./response-times/routes.ts";
import { workingCalendarRoutes } from "./working-calendar/back-office-routes.ts";
import { creditStatusRoutes } from "./working-calendar/portal-routes.ts";
import { backOfficeDealRoutes } from "./deals/back-office-routes.ts";
import { portalDealRoutes } from "./deals/portal-routes.ts";
import { backOfficeApiKeyRoutes } from "./api-keys/back-office-routes.ts";
import { portalApiKeyRoutes } from "./api-keys/portal-routes.ts";
import { apiV1Routes } from "./api-v1/routes.ts";
import { backOfficePartnerRoutes } from "./partners/back-office-routes.ts";
import { publicPartnerRoutes, vendorLinkVisitRoutes } from "./partners/public-routes.ts";
import { resolveVendorLink } from "./partners/resolve-vendor-link.ts";
import { vendorLinkPortalRoutes } from "./leads/vendor-link-routes.ts";
import { markQuoteApplied } from "./quotes/open-quote-link.ts";
import { vendorQuoteRoutes } from "./quotes/portal-routes.ts";
import { widgetRoutes } from "./widget/routes.ts";
import { staffRoutes } from "./accounts/staff-routes.ts";
import { vendorRoutes } from "./accounts/vendor-routes.ts";
import { teamRoutes } from "./team/routes.ts";
import { funderRoutes } from "./funders/back-office-routes.ts";
import { stipCatalogRoutes } from "./stips/catalog-routes.ts";
import { stipReviewQueueRoutes } from "./stips/review-queue-routes.ts";
import { portalApprovalRoutes } from "./funders/portal-routes.ts";
import { backOfficeStipRoutes } from "./stips/back-office-routes.ts";
import { sealCompletedPackage } from "./signing/complete-package.ts";
import { loadSealingCertificate } from "./signing/sealing-certificate.ts";
import { backOfficeFundingRoutes } from "./funding/back-office-routes.ts";
import { portalFundingRoutes } from "./funding/portal-routes.ts";
import { backOfficeSigningRoutes } from "./signing/back-office-routes.ts";
import { portalSigningRoutes } from "./signing/portal-routes.ts";
import { agreementTemplateRoutes } from "./signing/template-routes.ts";
import { portalStipRoutes } from "./stips/portal-routes.ts";
import { allStageChecks, fundingStageCheck } from "./funding/funding-stage-check.ts";
import { approvalStageCheck } from "./funders/approval-stage-check.ts";
import { maxFileBytes, maxFilesPerSubmission } from "#domain/deals/new-deal-schema.ts";
import { partnerPathPrefix, vendorApplySuffix } from "#domain/site/partner-page.ts";
import apiDocsPlugin from "./plugins/api-docs.ts";
import apiKeysPlugin from "./api-keys/api-keys-plugin.ts";
import authPlugin from "./auth/auth-plugin.ts";
import dbPlugin from "./plugins/db.ts";
import mailPlugin from "./mail/mail-plugin.ts";
import leadIntakePlugin from "./response-times/lead-intake-plugin.ts";
import metricsPlugin from "./monitoring/metrics-plugin.ts";
import securityPlugin, { securityHeaders } from "./plugins/security.ts";
import staticSitePlugin from "./site/static-site-plugin.ts";
import storagePlugin from "./plugins/storage.ts";
import webhookPlugin from "./webhooks/webhooks-plugin.ts";
import { webhookRoutes } from "./webhooks/routes.ts";
import applicantSessionPlugin from "./applicant-portal/applicant-session-plugin.ts";
import { applicantRoutes } from "./applicant-portal/routes.ts";
import { issueApplicantLink } from "./applicant-portal/issue-applicant-link.ts";
import type { DbExecutor } from "./db/client.ts";
import signerSessionPlugin from "./signing/signer-session-plugin.ts";
import { signerRoutes } from "./signing/signer-routes.ts";
import { inPersonRoutes } from "./signing/in-person-routes.ts";
import { portalPayoutAccountRoutes } from "./payout-accounts/portal-routes.ts";
import { backOfficePayoutAccountRoutes } from "./payout-accounts/back-office-routes.ts";
import { backOfficePayoutRoutes } from "./payouts/back-office-routes.ts";
import { portalEarningsRoutes } from "./earnings/portal-routes.ts";
import { backOfficeEarningsRoutes } from "./earnings/back-office-routes.ts";
import { publicEarningsRoutes } from "./earnings/public-routes.ts";

export type AppDependencies = {
  config: Config;
  database: DatabaseHandle;
  auth: Auth;
  cipher: FieldCipher;
  /** The built client to serve; omitted by API-only tests. */
  site?: { dir: string };
  /** Where logs go (tests capture them); defaults to stdout. */
  logStream?: NodeJS.WritableStream;
};

export async function buildApp({
  config,
  database,
  auth,
  cipher,
  site,
  logStream,
}: AppDependencies): Promise<FastifyInstance> {
  const security = { publicUrl: config.publicUrl, rateLimitMax: config.rateLimitMax, redisUrl: config.redisUrl };
  const prerendered = site
    ? await loadPrerenderedSite({
        dir: site.dir,
        headTags:
          config.calculatorTimelineScale === 1
            ? ""
            : `<meta name="calculator-timeline-scale" content="${config.calculatorTimelineScale}">`,
        securityHeaders: (scriptHashes) => securityHeaders(security, scriptHashes),
      })
    : undefined;
  const app = Fastify({
    ...(prerendered ? { serverFactory: servePagesFirst(prerendered.pages) } : {}),
    // Standard output written asynchronously: a burst's lines share a write instead of blocking each
    // request on its own (a third of the lead write's CPU was synchronous writes, docs/quality.md);
    // pino flushes what is pending when the process exits.
    logger: { ...loggerOptions(config.logLevel), stream: logStream ?? pino.destination({ dest: 1, sync: false }) },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    logController: new OneLinePerRequest(),
    // On SIGTERM the listener closes first (new connections go to the other servers); a request that
    // got in before that is answered as usual, not with a 503 the visitor would have to retry.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error: FastifyError | AppError | z.core.$ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: loggableError(error) }, error.message);
      return reply.status(error.status).send({ code: error.code, message: error.message, details: error.details });
    }
    if (error instanceof z.core.$ZodError) {
      // A domain function refused input the route schema let through (e.g. a start year after today).
      return reply.status(400).send({
        code: "VALIDATION_FAILED",
        message: error.issues[0]?.message ?? "Please check the highlighted fields.",
        details: error.issues.map((issue) => ({ path: `/${issue.path.join("/")}`, message: issue.message })),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({
        code: "VALIDATION_FAILED",
        message: "Please check the highlighted fields.",
        details: error.validation.map((issue) => ({ path: issue.instancePath, message: issue.message })),
      });
    }
    if (isDataException(error)) {
      // The database refused a value our schemas let through: the client's input, so a 400; logged to be tightened.
      request.log.warn({ err: loggableError(error) }, "database refused a value");
      return reply.status(400).send({ code: "VALIDATION_FAILED", message: "Please check the highlighted fields." });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send({ code: error.code ?? "BAD_REQUEST", message: error.message });
    }
    request.log.error({ err: loggableError(error) }, "request failed");
    return reply.status(500).send({
      code: "INTERNAL",
      message: "Something went wrong. Please try again later.",
      requestId: request.id,
    });
  });

  limitJsonDepth(app);
  // PostgreSQL text cannot hold NUL: refuse it in any query, path or JSON body before a route sees it.
  app.addHook("preValidation", async (request) => {
    if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
      throw new AppError("VALIDATION_FAILED", "Text cannot contain a NUL character.");
    }
  });

  await app.register(dbPlugin, { database });
  // GET /metrics exists only with METRICS_TOKEN (docs/deploy.md, Metrics and alerts).
  if (config.metricsToken) await app.register(metricsPlugin, { token: config.metricsToken });
  await app.register(securityPlugin, security);
  await app.register(storagePlugin, { storage: config.storage });
  await app.register(mailPlugin, {
    smtpUrl: config.smtpUrl,
    devMailDir: devMailDirectory(config),
    cipher,
    from: config.mailFrom,
    pollMs: config.mailPollMs,
    retryBaseMs: config.mailRetryBaseMs,
    claimLeaseSeconds: config.mailClaimLeaseSeconds,
  });
  await app.register(leadIntakePlugin, { pollMs: config.mailPollMs });
  await app.register(webhookPlugin, { cipher, ...config.webhooks });
  await app.register(apiDocsPlugin, { title: `${config.public.brand.name} API`, publicUrl: config.publicUrl });
  await app.register(authPlugin, {
    auth,
    publicUrl: config.publicUrl,
    staffTwoFactorRequired: config.staffTwoFactorRequired,
  });
  await app.register(apiKeysPlugin, { rateLimitMax: config.apiKeyRateLimitMax });
  await app.register(applicantSessionPlugin, { publicUrl: config.publicUrl });
  await app.register(signerSessionPlugin, { publicUrl: config.publicUrl, lenderName: config.public.brand.name });

  await app.register(healthRoutes);
  await app.register(accountRoutes, { staffTwoFactorRequired: config.staffTwoFactorRequired });
  await app.register(outboxRoutes);
  const responsePromise = {
    timeZone: config.public.brand.timeZone,
    leadMinutes: config.public.brand.claims.leadCallbackMinutes,
    dealMinutes: dealCallbackMinutes,
  };
  // Per address: generous for a person, tight for a script.
  const leadContext = {
    creditTeamEmail: config.creditTeamEmail,
    cipher,
    publicUrl: config.publicUrl,
    product: config.public.brand.name,
    rateLimit: { max: config.leadRateLimitMax, timeWindow: "1 minute" },
    promise: responsePromise,
    applicantPageLink: (db: DbExecutor, dealId: string) => issueApplicantLink(db, config.publicUrl, dealId),
  };
  await app.register(publicLeadRoutes, {
    cipher,
    context: leadContext,
    timeZone: config.public.brand.timeZone,
    markQuoteApplied,
  });
  await app.register(backOfficeLeadRoutes, {
    cipher,
    promisedMinutes: config.public.brand.claims.leadCallbackMinutes,
    timeZone: config.public.brand.timeZone,
  });
  await app.register(statusMailRoutes, { rateLimit: leadContext.rateLimit });
  await app.register(questionnaireRoutes, { context: leadContext, timeZone: config.public.brand.timeZone });
  await app.register(publicQuoteRoutes, { timeZone: config.public.brand.timeZone });
  await app.register(calculatorRoutes, { context: leadContext, timeZone: config.public.brand.timeZone, cipher });
  await app.register(publicPartnerRoutes);
  await app.register(vendorLinkVisitRoutes, { timeZone: config.public.brand.timeZone });
  await app.register(multipart, {
    limits: {
      fileSize: maxFileBytes,
      files: maxFilesPerSubmission,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: maxFilesPerSubmission + 20,
    },
  });
  // Deals, in the portal, the back office and /api/v1, date what they record in the business time zone.
  // A deal's stage change asks the funders whether its approval has expired (ADR 0021: passed in).
  const dealContext = {
    ...leadContext,
    timeZone: config.public.brand.timeZone,
    stageCheck: allStageChecks(approvalStageCheck(config.public.brand.timeZone), fundingStageCheck),
  };
  await app.register(portalDealRoutes, { cipher, context: dealContext });
  await app.register(backOfficeDealRoutes, { cipher, context: dealContext });
  await app.register(portalApiKeyRoutes, { brand: config.public.brand, publicUrl: config.publicUrl });
  await app.register(backOfficeApiKeyRoutes);
  await app.register(apiV1Routes, { cipher, context: dealContext });
  await app.register(vendorRoutes, { auth, cipher, publicUrl: config.publicUrl, brand: config.public.brand });
  await app.register(staffRoutes, { publicUrl: config.publicUrl, brand: config.public.brand });
  await app.register(teamRoutes, {
    context: {
      ...leadContext,
      invitation: { auth, cipher, publicUrl: config.publicUrl, product: config.public.brand.name },
    },
  });
  await app.register(backOfficePartnerRoutes);
  await app.register(funderRoutes, { context: dealContext });
  await app.register(stipCatalogRoutes);
  await app.register(stipReviewQueueRoutes);
  await app.register(portalApprovalRoutes, { timeZone: config.public.brand.timeZone });
  await app.register(backOfficeStipRoutes, { context: dealContext });
  await app.register(portalStipRoutes, { context: dealContext });
  await app.register(backOfficeSigningRoutes, { context: dealContext, brand: config.public.brand });
  // Loaded at the first completion: most servers' lives (and tests) never seal a package.
  let sealingCertificate: ReturnType<typeof loadSealingCertificate> | undefined;
  app.decorate("completeSigningPackage", async (packageId: string) => {
    sealingCertificate ??= loadSealingCertificate({
      ...config.signingCertificate,
      dataDir: config.dataDir,
      production: config.env === "production",
      lenderName: config.public.brand.legalName,
    });
    await sealCompletedPackage(
      {
        db: app.db,
        storage: app.storage,
        context: dealContext,
        brand: config.public.brand,
        certificate: await sealingCertificate,
      },
      packageId,
    );
  });
  await app.register(portalSigningRoutes);
  await app.register(backOfficeFundingRoutes, { context: dealContext });
  await app.register(portalFundingRoutes, { timeZone: config.public.brand.timeZone });
  await app.register(agreementTemplateRoutes);
  // Dealer earnings (docs/product-rules.md#r61-dealer-earnings): the dealer's screen and statements, staff's, the public tiers.
  await app.register(portalEarningsRoutes, { timeZone: config.public.brand.timeZone, brand: config.public.brand });
  await app.register(backOfficeEarningsRoutes, { timeZone: config.public.brand.timeZone });
  await app.register(publicEarningsRoutes);
  await app.register(vendorLinkPortalRoutes, { publicUrl: config.publicUrl, timeZone: config.public.brand.timeZone });
  await app.register(auditRoutes, { timeZone: config.public.brand.timeZone });
  await app.register(backOfficeSummaryRoutes, { timeZone: config.public.brand.timeZone });
  await app.register(promiseBoardRoutes, { promise: responsePromise });
  await app.register(workingCalendarRoutes, { timeZone: config.public.brand.timeZone });
  await app.register(creditStatusRoutes, { timeZone: config.public.brand.timeZone });
  await app.register(webhookRoutes, {
    cipher,
    allowLoopback: config.webhooks.allowLoopback,
    brand: config.public.brand,
    publicUrl: config.publicUrl,
  });
  await app.register(adverseActionRoutes, { brand: config.public.brand, mail: leadContext });
  await app.register(duplicateRoutes);
  await app.register(vendorQuoteRoutes, {
    context: {
      cipher,
      publicUrl: config.publicUrl,
      product: config.public.brand.name,
      timeZone: config.public.brand.timeZone,
    },
  });
  await app.register(widgetRoutes, { timeZone: config.public.brand.timeZone });
  await app.register(applicantRoutes, {
    context: dealContext,
    timeZone: config.public.brand.timeZone,
    rateLimit: leadContext.rateLimit,
  });
  await app.register(signerRoutes, {
    context: { ...leadContext, timeZone: config.public.brand.timeZone },
    rateLimit: leadContext.rateLimit,
  });
  await app.register(inPersonRoutes, { context: leadContext });
  // docs/product-rules.md#r59-payout-accounts: the dealer's payout account (portal) and the staff's read of it.
  await app.register(portalPayoutAccountRoutes, {
    context: {
      ...leadContext,
      timeZone: config.public.brand.timeZone,
      phone: config.public.brand.phone,
      coolingOffBusinessDays: config.payoutCoolingOffBusinessDays,
    },
  });
  await app.register(backOfficePayoutAccountRoutes, { timeZone: config.public.brand.timeZone });
  await app.register(backOfficePayoutRoutes, {
    context: { ...leadContext, ach: config.ach, timeZone: config.public.brand.timeZone },
  });

  if (site && prerendered) {
    await app.register(staticSitePlugin, {
      dir: site.dir,
      site: prerendered,
      dynamicPages: [
        {
          prefix: partnerPathPrefix,
          // /vendor_partner/<slug> (the calculator) and /vendor_partner/<slug>/apply
          // (docs/product-rules.md#r22-every-company-has-a-link).
          page: async (rest) => {
            const apply = rest.endsWith(vendorApplySuffix);
            const found = await resolveVendorLink(app.db, apply ? rest.slice(0, -vendorApplySuffix.length) : rest);
            if (!found) return null;
            return apply ? prerendered.partnerApplyPage(found.branding) : prerendered.partnerPage(found.branding);
          },
        },
      ],
    });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ code: "NOT_FOUND", message: "Not found." }));
  }
  return app;
}

/**
 * TRUST_PROXY for Fastify. A hop count becomes "the socket's peer and the next n-1 entries of
 * X-Forwarded-For are proxies" (Fastify itself now trusts no hop for a bare number); it holds only
 * while the servers are reachable through the load balancer alone (docs/deploy.md).
 */
function fastifyTrustProxy(
  trust: Config["trustProxy"],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === "number" ? (_address, hop) => hop < trust : trust;
}

/** Walks a value with a stack of its own, not recursion: no shape of input can exhaust the call stack. */
function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (item.includes("\u0000")) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) pending.push(child);
    } else if (item && typeof item === "object" && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes("\u0000")) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

/** PostgreSQL's class 22, "data exception": a value it cannot store (a NUL byte, an impossible date). */
function isDataException(error: Error): boolean {
  const code = (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
  return typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code);
}

/** Database errors carry the query's parameters in their message: never log those. */
export function loggableError(error: Error): { type: string; message: string; stack?: string; code?: unknown } {
  const message = error.message.split("\nparams:")[0]!;
  const cause = (error as { cause?: { code?: unknown; message?: string } }).cause;
  return {
    type: error.constructor.name,
    message: cause?.message ? `${message} (${cause.message})` : message,
    code: cause?.code,
    stack: error.stack
      ?.split("\n")
      .filter((line) => line.trimStart().startsWith("at "))
      .slice(0, 8)
      .join("\n"),
  };
}
