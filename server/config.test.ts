import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const key = () => randomBytes(32).toString("base64");
const productionSecrets = {
  AUTH_SECRET: "a-production-secret-of-at-least-32-chars",
  DATA_ENCRYPTION_KEY: key(),
  SIGNING_CERTIFICATE_P12: randomBytes(48).toString("base64"),
  SIGNING_CERTIFICATE_PASSPHRASE: "a-passphrase",
  ACH_IMMEDIATE_DESTINATION: "021000021",
  ACH_IMMEDIATE_DESTINATION_NAME: "FIRST CLEARING BANK",
  ACH_IMMEDIATE_ORIGIN: "1234567890",
  ACH_COMPANY_NAME: "KEYSTONE EQUIP",
  ACH_COMPANY_ID: "1234567890",
  ACH_ODFI_ROUTING: "021000021",
  ACH_SETTLEMENT_ACCOUNT: "4455667788",
};

describe("loadConfig", () => {
  it("has working defaults for the embedded database", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      storage: { driver: "local" },
      staffTwoFactorRequired: false,
      seedDemo: true,
    });
    expect(config).toMatchObject({ retentionDays: 730, deliveredMailRetentionDays: 30 });
    expect(config.publicUrl).toBe("http://localhost:3000");
  });

  it("requires two-factor for staff in production, whatever is set, and seeds nothing unless told otherwise", () => {
    expect(loadConfig({ NODE_ENV: "production", ...productionSecrets })).toMatchObject({
      staffTwoFactorRequired: true,
      seedDemo: false,
    });
    expect(() => loadConfig({ NODE_ENV: "production", ...productionSecrets, STAFF_2FA_REQUIRED: "false" })).toThrow(
      /STAFF_2FA_REQUIRED: false is not allowed when NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: "development", STAFF_2FA_REQUIRED: "false" }).staffTwoFactorRequired).toBe(false);
  });

  it("refuses production without its secrets, naming each missing one, instead of generating them next to the data", () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig({ NODE_ENV: "production", ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error("production started without its secrets");
    };
    expect(refusal({})).toMatch(
      /AUTH_SECRET: .*required[\s\S]*DATA_ENCRYPTION_KEY: .*required[\s\S]*SIGNING_CERTIFICATE_P12: .*required[\s\S]*SIGNING_CERTIFICATE_PASSPHRASE: .*required/,
    );
    const { SIGNING_CERTIFICATE_PASSPHRASE, ...withoutPassphrase } = productionSecrets;
    expect(refusal(withoutPassphrase)).toBe(
      "Invalid environment:\n  SIGNING_CERTIFICATE_PASSPHRASE: required when NODE_ENV=production (the .p12 file's passphrase), the same on every server",
    );
    expect(loadConfig({ NODE_ENV: "production", ...productionSecrets }).signingCertificate).toEqual({
      p12Base64: productionSecrets.SIGNING_CERTIFICATE_P12,
      passphrase: SIGNING_CERTIFICATE_PASSPHRASE,
    });
    const { ACH_ODFI_ROUTING, ...withoutOdfi } = productionSecrets;
    expect(refusal(withoutOdfi)).toContain(
      "ACH_ODFI_ROUTING: required when NODE_ENV=production (the ODFI's routing number)",
    );
    expect(ACH_ODFI_ROUTING).toBe("021000021");
    expect(() => loadConfig({ SIGNING_CERTIFICATE_P12: "not base64!" })).toThrow(
      "SIGNING_CERTIFICATE_P12: must be the .p12 file, base64-encoded",
    );
    expect(refusal({ AUTH_SECRET: productionSecrets.AUTH_SECRET })).not.toContain("AUTH_SECRET");
    expect(refusal({ DATA_ENCRYPTION_KEY: productionSecrets.DATA_ENCRYPTION_KEY })).not.toContain(
      "DATA_ENCRYPTION_KEY",
    );
    // The local demo keeps generating them (server/secrets.ts).
    for (const NODE_ENV of [undefined, "development", "test"]) {
      expect(loadConfig({ NODE_ENV })).toMatchObject({
        authSecret: undefined,
        dataEncryptionKey: undefined,
        signingCertificate: { p12Base64: undefined, passphrase: undefined },
      });
    }
  });

  it("takes a read replica only beside a primary", () => {
    expect(() => loadConfig({ DATABASE_READ_URL: "postgres://replica/db" })).toThrow("DATABASE_READ_URL");
    expect(
      loadConfig({ DATABASE_URL: "postgres://primary/db", DATABASE_READ_URL: "postgres://replica/db" }).databaseReadUrl,
    ).toBe("postgres://replica/db");
    expect(loadConfig({}).mailClaimLeaseSeconds).toBe(300);
  });

  it("reads previous data-encryption keys for decryption only", () => {
    const [current, old1, old2] = [key(), key(), key()];
    expect(loadConfig({ DATA_ENCRYPTION_KEY: current, DATA_ENCRYPTION_OLD_KEYS: ` ${old1}, ${old2} ,` })).toMatchObject(
      {
        dataEncryptionKey: current,
        dataEncryptionOldKeys: [old1, old2],
      },
    );
    expect(loadConfig({}).dataEncryptionOldKeys).toEqual([]);
    expect(() => loadConfig({ DATA_ENCRYPTION_OLD_KEYS: `${old1},short` })).toThrow("DATA_ENCRYPTION_OLD_KEYS");
  });

  it.each([
    ["PORT", "eighty"],
    ["DATABASE_URL", "mysql://x"],
    ["SMTP_URL", "http://mail"],
    ["CREDIT_TEAM_EMAIL", "not-an-email"],
    ["DATA_ENCRYPTION_KEY", "short"],
    ["DATA_ENCRYPTION_OLD_KEYS", "short"],
    ["DELIVERED_MAIL_RETENTION_DAYS", "0"],
    ["STORAGE", "ftp"],
    ["MIGRATE_ON_START", "no"],
    ["REDIS_URL", "http://cache:6379"],
    ["DATABASE_READ_URL", "mysql://replica"],
    ["MAIL_CLAIM_LEASE_SECONDS", "1"],
    ["BRAND_EMAIL", "nope"],
    ["METRICS_TOKEN", "too-short"],
  ])("names the bad variable %s", (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(variable);
  });

  it("routes /metrics only with a METRICS_TOKEN", () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: "a".repeat(64) }).metricsToken).toBe("a".repeat(64));
  });

  it("counts rate limits in memory unless REDIS_URL names a Redis", () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: "redis://cache.internal:6379/2" }).redisUrl).toBe("redis://cache.internal:6379/2");
    expect(loadConfig({ REDIS_URL: "rediss://:secret@cache.example.com:6380" }).redisUrl).toBe(
      "rediss://:secret@cache.example.com:6380",
    );
  });

  it("migrates at start unless MIGRATE_ON_START=false leaves it to npm run migrate", () => {
    expect(loadConfig({}).migrateOnStart).toBe(true);
    expect(loadConfig({ NODE_ENV: "production", ...productionSecrets }).migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: "false" }).migrateOnStart).toBe(false);
  });

  it("needs a bucket for S3 storage", () => {
    expect(() => loadConfig({ STORAGE: "s3" })).toThrow("S3_BUCKET");
    expect(loadConfig({ STORAGE: "s3", S3_BUCKET: "docs" }).storage).toMatchObject({ driver: "s3", bucket: "docs" });
  });

  it("lets operators override the brand from the environment", () => {
    expect(loadConfig({ BRAND_NAME: "Acme Funding" }).public.brand.name).toBe("Acme Funding");
  });

  it("allows loopback webhook targets only when asked and never in production (tests' receivers only)", () => {
    expect(loadConfig({}).webhooks).toEqual({
      allowLoopback: false,
      loopbackOnly: false,
      pollMs: 2000,
      timeoutMs: 10_000,
    });
    expect(loadConfig({ NODE_ENV: "test" }).webhooks.loopbackOnly).toBe(true);
    expect(loadConfig({ WEBHOOK_ALLOW_LOOPBACK: "true" }).webhooks.allowLoopback).toBe(true);
    expect(() => loadConfig({ NODE_ENV: "production", ...productionSecrets, WEBHOOK_ALLOW_LOOPBACK: "true" })).toThrow(
      /WEBHOOK_ALLOW_LOOPBACK: not allowed when NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: "production", ...productionSecrets }).webhooks.allowLoopback).toBe(false);
  });

  it("has a placeholder for the lender's federal regulator until the operator sets it (adverse-action notices)", () => {
    expect(loadConfig({}).public.brand.federalRegulator).toBe("[Federal regulator name and address]");
    expect(
      loadConfig({ BRAND_FEDERAL_REGULATOR: "Federal Trade Commission, Washington, DC 20580" }).public.brand
        .federalRegulator,
    ).toBe("Federal Trade Commission, Washington, DC 20580");
  });

  it("reads the lender's ODFI details for the ACH files: demo values outside production, balanced by default", () => {
    expect(loadConfig({}).ach).toEqual({
      originator: {
        immediateDestination: "091000019",
        immediateDestinationName: "DEMO ODFI BANK",
        immediateOrigin: "1000000001",
        immediateOriginName: "DEMO LENDER",
        companyName: "DEMO LENDER",
        companyId: "1000000001",
        odfiRouting: "091000019",
      },
      balanced: true,
      settlementAccount: { accountNumber: "900000001", accountType: "checking" },
    });
    const production = loadConfig({ NODE_ENV: "production", ...productionSecrets });
    expect(production.ach.originator).toMatchObject({
      immediateDestination: "021000021",
      immediateOriginName: "KEYSTONE EQUIP",
      odfiRouting: "021000021",
    });
    // Credits only: no settlement account to debit.
    const { ACH_SETTLEMENT_ACCOUNT, ...unbalanced } = productionSecrets;
    expect(ACH_SETTLEMENT_ACCOUNT).toBeTruthy();
    expect(loadConfig({ NODE_ENV: "production", ...unbalanced, ACH_BALANCED: "false" }).ach.balanced).toBe(false);
    expect(() => loadConfig({ NODE_ENV: "production", ...unbalanced })).toThrow(/ACH_SETTLEMENT_ACCOUNT: required/);
    expect(() => loadConfig({ ACH_ODFI_ROUTING: "021000022" })).toThrow(
      "ACH_ODFI_ROUTING: must be a 9-digit ABA routing number (its check digit right)",
    );
    expect(() => loadConfig({ ACH_COMPANY_NAME: "Keystone Equipment Capital" })).toThrow(
      /ACH_COMPANY_NAME: must be upper case/,
    );
  });
});
