import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { isAbaRoutingNumber, type NachaAccountType, type NachaOriginator } from "#domain/payouts/nacha-file.ts";
import { resolvePublicConfig, type PublicConfig } from "#domain/site/public-config.ts";
import { defaultCoolingOffBusinessDays, maxCoolingOffBusinessDays } from "#domain/payout-accounts/cooling-off.ts";

const booleanFlag = z.enum(["true", "false"]).transform((value) => value === "true");

/** An IPv4 or IPv6 address, with or without a /prefix length (a network). */
function isAddressOrNetwork(text: string): boolean {
  const [address = "", bits, ...rest] = text.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  // A /0 network is every address: the same as trusting every hop, which TRUST_PROXY refuses.
  return (
    bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) >= 1 && Number(bits) <= (version === 4 ? 32 : 128))
  );
}

/**
 * Which proxies' X-Forwarded-For entries to believe: none (false), the nearest N hops, or the
 * proxies at these addresses or networks (Fastify's trustProxy). `true` would believe every
 * entry, so a client could write its own address (docs/deploy.md, Behind a load balancer).
 */
const trustProxy = z
  .string()
  .default("false")
  .transform((value, context): false | number | string[] => {
    const text = value.trim();
    if (text === "false") return false;
    if (/^\d+$/.test(text) && Number(text) >= 1) return Number(text);
    const entries = text.split(",").map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isAddressOrNetwork(entry));
    if (wrong.length === 0) return entries;
    context.addIssue({
      code: "custom",
      message:
        text === "true"
          ? "true would trust every X-Forwarded-For entry, so a client could choose its own address: give the number of proxies in front of the server (e.g. 1) or their addresses or networks (e.g. 10.0.0.0/8)"
          : `must be false, a number of proxies (1 or more), or comma-separated proxy addresses or networks (10.0.0.0/8); not: ${wrong.join(", ")}`,
    });
    return z.NEVER;
  });
const encryptionKey = z
  .string()
  .regex(/^[A-Za-z0-9+/]{43}=$/, "must be 32 bytes, base64-encoded (openssl rand -base64 32)");

/** A 9-digit ABA routing number whose check digit is right (docs/product-rules.md#r60-payout-batches). */
const routingNumber = z
  .string()
  .refine((value) => isAbaRoutingNumber(value), "must be a 9-digit ABA routing number (its check digit right)");
/** Upper case letters, digits, spaces and the usual signs, up to `width` characters: a NACHA field. */
const achText = (width: number) =>
  z
    .string()
    .regex(/^[0-9A-Z &.,'\-/]+$/, "must be upper case letters, digits, spaces and & . , ' - /")
    .max(width, `must be at most ${width} characters`);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres://")
    .optional(),
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres://")
    .optional(),
  MIGRATE_ON_START: booleanFlag.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().default("Keystone Equipment Capital <no-reply@keystone-capital.example>"),
  CREDIT_TEAM_EMAIL: z.email().default("credit-team@keystone-capital.example"),
  DATA_ENCRYPTION_KEY: encryptionKey.optional(),
  DATA_ENCRYPTION_OLD_KEYS: z
    .string()
    .default("")
    .transform((list) =>
      list
        .split(",")
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .pipe(z.array(encryptionKey)),
  LOOKUP_HASH_KEY: encryptionKey.optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  // The lender's certificate that seals signed agreement packages (docs/deploy.md, The lender's signing certificate).
  SIGNING_CERTIFICATE_P12: z
    .string()
    .regex(/^[A-Za-z0-9+/\s]+={0,2}\s*$/, "must be the .p12 file, base64-encoded (base64 -w0 lender.p12)")
    .optional(),
  SIGNING_CERTIFICATE_PASSPHRASE: z.string().optional(),
  // The lender's ODFI details written into the payout batches' NACHA files (docs/deploy.md, Paying dealers by ACH).
  ACH_IMMEDIATE_DESTINATION: routingNumber.optional(),
  ACH_IMMEDIATE_DESTINATION_NAME: achText(23).optional(),
  ACH_IMMEDIATE_ORIGIN: z
    .string()
    .regex(/^(\d{9}|[0-9A-Z ]{10})$/, "must be 9 digits or 10 characters (1 and the EIN, usually)")
    .optional(),
  ACH_IMMEDIATE_ORIGIN_NAME: achText(23).optional(),
  ACH_COMPANY_NAME: achText(16).optional(),
  ACH_COMPANY_ID: z
    .string()
    .regex(/^[0-9A-Z ]{10}$/, "must be 10 characters (1 and the EIN, usually)")
    .optional(),
  ACH_ODFI_ROUTING: routingNumber.optional(),
  ACH_BALANCED: booleanFlag.default(true),
  ACH_SETTLEMENT_ACCOUNT: z
    .string()
    .regex(/^[0-9A-Z-]{1,17}$/, "must be the settlement account number (up to 17 characters)")
    .optional(),
  ACH_SETTLEMENT_ACCOUNT_TYPE: z.enum(["checking", "savings"]).default("checking"),
  STAFF_2FA_REQUIRED: booleanFlag.optional(),
  SEED_DEMO: booleanFlag.optional(),
  STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  TRUST_PROXY: trustProxy,
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  LEAD_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  /** Requests per minute per API key on /api/v1 (docs/product-rules.md#r45-caps-per-caller). */
  API_KEY_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(120),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  RETENTION_DAYS: z.coerce.number().int().positive().default(730),
  DELIVERED_MAIL_RETENTION_DAYS: z.coerce.number().int().positive().default(30),
  CALCULATOR_TIMELINE_SCALE: z.coerce.number().positive().max(1).default(1),
  MAIL_POLL_MS: z.coerce.number().int().positive().default(2000),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().positive().default(5000),
  MAIL_CLAIM_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  WEBHOOK_ALLOW_LOOPBACK: booleanFlag.default(false),
  WEBHOOK_POLL_MS: z.coerce.number().int().positive().default(2000),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(10_000),
  METRICS_TOKEN: z.string().min(32, "must be at least 32 characters (openssl rand -hex 32)").optional(),
  // Backups (docs/product-rules.md#r34-backups): where `npm run backup` writes by default, and how many archives it
  // keeps there.
  BACKUP_DIR: z.string().default("./backups"),
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
  // Business days a confirmed payout account is held before payouts use it (docs/product-rules.md#r59-payout-accounts).
  PAYOUT_COOLING_OFF_BUSINESS_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(maxCoolingOffBusinessDays)
    .default(defaultCoolingOffBusinessDays),
});

/** The demo's ODFI and destination (outside production only): 9 digits with a right check digit. */
const demoAchRouting = "091000019";

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A read replica for the vendor list and the dashboards (docs/deploy.md); only with DATABASE_URL. */
  databaseReadUrl: string | undefined;
  /** Apply pending migrations at start (default); false: refuse to start while any is pending (`npm run migrate` is the release step). */
  migrateOnStart: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  creditTeamEmail: string;
  /** base64 key that encrypts; when absent (never in production) the server generates one in the data folder. */
  dataEncryptionKey: string | undefined;
  /** Earlier keys, base64, for decrypting values not yet re-encrypted (npm run rotate-data-key). */
  dataEncryptionOldKeys: string[];
  /** base64 key of the duplicate check's keyed hashes; when absent, derived from the data key (field-cipher.ts). */
  lookupHashKey: string | undefined;
  authSecret: string | undefined;
  /** The lender's PKCS#12 (base64) and its passphrase; when absent (never in production) the demo generates a self-signed one in the data folder. */
  signingCertificate: { p12Base64: string | undefined; passphrase: string | undefined };
  /**
   * The lender's ODFI details for the payout batches' NACHA files; demo values outside production
   * (docs/product-rules.md#r60-payout-batches). Balanced: each file also debits the settlement account.
   */
  ach: {
    originator: NachaOriginator;
    balanced: boolean;
    settlementAccount: { accountNumber: string; accountType: NachaAccountType };
  };
  staffTwoFactorRequired: boolean;
  seedDemo: boolean;
  storage:
    | { driver: "local"; root: string }
    | {
        driver: "s3";
        bucket: string;
        region: string;
        endpoint?: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        forcePathStyle: boolean;
      };
  /** Behind a load balancer: how many X-Forwarded-For hops to believe, or the proxies' addresses and networks; false: none. */
  trustProxy: false | number | string[];
  rateLimitMax: number;
  apiKeyRateLimitMax: number;
  /** Public form submissions per address per minute. */
  leadRateLimitMax: number;
  /** Where the rate-limit counters are shared by several servers; unset: in memory, per process. */
  redisUrl: string | undefined;
  logLevel: string;
  mailPollMs: number;
  /** Customer data is deleted this many days after its last activity (docs/product-rules.md#r33-retention). */
  retentionDays: number;
  /** Delivered outbox mails (names, phones, messages) are deleted this many days after sending; never undelivered ones. */
  deliveredMailRetentionDays: number;
  /** Shortens the calculator's loading timeline (tests only); 1 = the spec's 5/10/20/21 s. */
  calculatorTimelineScale: number;
  mailRetryBaseMs: number;
  /** How long a claimed mail stays invisible to other servers' workers before it is claimed again. */
  mailClaimLeaseSeconds: number;
  /** Bearer token a scraper sends to GET /metrics; unset: /metrics is not routed (404). */
  metricsToken: string | undefined;
  /** Webhook deliveries (docs/product-rules.md#r28-webhooks): loopback targets and plain http allowed (tests only; refused in production). */
  webhooks: {
    allowLoopback: boolean;
    /** NODE_ENV=test: deliveries go to this machine only, whatever address a test (or a fuzzer) registered. */
    loopbackOnly: boolean;
    pollMs: number;
    timeoutMs: number;
  };
  clientBuildDir: string;
  public: PublicConfig;
  /** `npm run backup` without --out writes into `dir` and then deletes all but its `keep` newest archives there. */
  backups: { dir: string; keep: number };
  /** Business days a confirmed payout account is held before payouts use it (working calendar). */
  payoutCoolingOffBusinessDays: number;
};

/** The database the configuration names: DATABASE_URL's PostgreSQL, or PGlite under DATA_DIR. */
export function databaseTarget(config: Config) {
  return config.databaseUrl
    ? ({ driver: "postgres", url: config.databaseUrl, readUrl: config.databaseReadUrl } as const)
    : ({ driver: "pglite", dataDir: path.join(config.dataDir, "pglite") } as const);
}

export class ConfigError extends Error {}

/** The only reader of process.env. Throws a ConfigError naming each bad variable. */
/** For the server and the operator commands: the configuration, or exit 1 with the message naming the bad variable. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.STORAGE === "s3" && !e.S3_BUCKET)
    throw new ConfigError("Invalid environment:\n  S3_BUCKET: required when STORAGE=s3");
  if (e.DATABASE_READ_URL && !e.DATABASE_URL)
    throw new ConfigError("Invalid environment:\n  DATABASE_READ_URL: a read replica needs DATABASE_URL (the primary)");
  // Generated secrets would sit in DATA_DIR next to the data they protect, and differ per server.
  const productionSecrets = {
    AUTH_SECRET: "openssl rand -base64 32",
    DATA_ENCRYPTION_KEY: "openssl rand -base64 32",
    SIGNING_CERTIFICATE_P12: "the lender's document-signing certificate and key, base64 -w0 lender.p12",
    SIGNING_CERTIFICATE_PASSPHRASE: "the .p12 file's passphrase",
    ACH_IMMEDIATE_DESTINATION: "the routing number the NACHA files are sent to, from the bank",
    ACH_IMMEDIATE_DESTINATION_NAME: "that bank's name, upper case",
    ACH_IMMEDIATE_ORIGIN: "the immediate origin the bank assigned, 10 characters",
    ACH_COMPANY_NAME: "the lender's name as the dealers' banks print it, 16 characters",
    ACH_COMPANY_ID: "the company identification, 10 characters",
    ACH_ODFI_ROUTING: "the ODFI's routing number",
    ACH_SETTLEMENT_ACCOUNT: "the lender's settlement account at the ODFI, debited by a balanced file",
  } as const;
  const missingSecrets = (Object.keys(productionSecrets) as (keyof typeof productionSecrets)[]).filter(
    (name) => e.NODE_ENV === "production" && !e[name] && (name !== "ACH_SETTLEMENT_ACCOUNT" || e.ACH_BALANCED),
  );
  if (missingSecrets.length) {
    const lines = missingSecrets.map(
      (name) => `  ${name}: required when NODE_ENV=production (${productionSecrets[name]}), the same on every server`,
    );
    throw new ConfigError(`Invalid environment:\n${lines.join("\n")}`);
  }
  // Loopback webhook targets exist for the tests' receivers; in production they would open the server's own network.
  if (e.NODE_ENV === "production" && e.WEBHOOK_ALLOW_LOOPBACK)
    throw new ConfigError("Invalid environment:\n  WEBHOOK_ALLOW_LOOPBACK: not allowed when NODE_ENV=production");
  // Staff reach customer data, and the payout files' account numbers, only after two-factor (R41).
  if (e.NODE_ENV === "production" && e.STAFF_2FA_REQUIRED === false)
    throw new ConfigError(
      "Invalid environment:\n  STAFF_2FA_REQUIRED: false is not allowed when NODE_ENV=production (staff see customer data only after two-factor)",
    );
  const dataDir = path.resolve(e.DATA_DIR);
  const publicConfig = resolvePublicConfigOrThrow({ ...env, PORT: String(e.PORT) });
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: publicConfig.publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    migrateOnStart: e.MIGRATE_ON_START,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    creditTeamEmail: e.CREDIT_TEAM_EMAIL,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    dataEncryptionOldKeys: e.DATA_ENCRYPTION_OLD_KEYS,
    lookupHashKey: e.LOOKUP_HASH_KEY,
    authSecret: e.AUTH_SECRET,
    signingCertificate: { p12Base64: e.SIGNING_CERTIFICATE_P12, passphrase: e.SIGNING_CERTIFICATE_PASSPHRASE },
    ach: {
      // The demo's bank: routing numbers with a right check digit, names marked DEMO.
      originator: {
        immediateDestination: e.ACH_IMMEDIATE_DESTINATION ?? demoAchRouting,
        immediateDestinationName: e.ACH_IMMEDIATE_DESTINATION_NAME ?? "DEMO ODFI BANK",
        immediateOrigin: e.ACH_IMMEDIATE_ORIGIN ?? "1000000001",
        immediateOriginName: e.ACH_IMMEDIATE_ORIGIN_NAME ?? e.ACH_COMPANY_NAME ?? "DEMO LENDER",
        companyName: e.ACH_COMPANY_NAME ?? "DEMO LENDER",
        companyId: e.ACH_COMPANY_ID ?? "1000000001",
        odfiRouting: e.ACH_ODFI_ROUTING ?? demoAchRouting,
      },
      balanced: e.ACH_BALANCED,
      settlementAccount: {
        accountNumber: e.ACH_SETTLEMENT_ACCOUNT ?? "900000001",
        accountType: e.ACH_SETTLEMENT_ACCOUNT_TYPE,
      },
    },
    // Always on in production; the local demo may switch it off (docs/product-rules.md#r41-staff-two-factor).
    staffTwoFactorRequired: e.STAFF_2FA_REQUIRED ?? e.NODE_ENV === "production",
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== "production",
    storage:
      e.STORAGE === "s3"
        ? {
            driver: "s3",
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { driver: "local", root: path.join(dataDir, "files") },
    trustProxy: e.TRUST_PROXY,
    rateLimitMax: e.RATE_LIMIT_MAX,
    apiKeyRateLimitMax: e.API_KEY_RATE_LIMIT_MAX,
    leadRateLimitMax: e.LEAD_RATE_LIMIT_MAX,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    mailPollMs: e.MAIL_POLL_MS,
    calculatorTimelineScale: e.CALCULATOR_TIMELINE_SCALE,
    retentionDays: e.RETENTION_DAYS,
    deliveredMailRetentionDays: e.DELIVERED_MAIL_RETENTION_DAYS,
    mailRetryBaseMs: e.MAIL_RETRY_BASE_MS,
    mailClaimLeaseSeconds: e.MAIL_CLAIM_LEASE_SECONDS,
    metricsToken: e.METRICS_TOKEN,
    webhooks: {
      allowLoopback: e.WEBHOOK_ALLOW_LOOPBACK,
      loopbackOnly: e.NODE_ENV === "test",
      pollMs: e.WEBHOOK_POLL_MS,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    },
    clientBuildDir: path.resolve("build/client"),
    public: publicConfig,
    backups: { dir: path.resolve(e.BACKUP_DIR), keep: e.BACKUP_KEEP },
    payoutCoolingOffBusinessDays: e.PAYOUT_COOLING_OFF_BUSINESS_DAYS,
  };
}

function resolvePublicConfigOrThrow(env: Record<string, string | undefined>): PublicConfig {
  try {
    return resolvePublicConfig(env);
  } catch (error) {
    throw new ConfigError(`Invalid environment:\n  ${(error as Error).message}`);
  }
}
