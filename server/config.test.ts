import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("has working defaults for the embedded database", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, storage: { driver: "local" }, staffTwoFactorRequired: false, seedDemo: true });
    expect(config.publicUrl).toBe("http://localhost:3000");
  });

  it("requires two-factor for staff and seeds nothing in production unless told otherwise", () => {
    expect(loadConfig({ NODE_ENV: "production" })).toMatchObject({ staffTwoFactorRequired: true, seedDemo: false });
    expect(loadConfig({ NODE_ENV: "production", STAFF_2FA_REQUIRED: "false" }).staffTwoFactorRequired).toBe(false);
  });

  it.each([
    ["PORT", "eighty"],
    ["DATABASE_URL", "mysql://x"],
    ["SMTP_URL", "http://mail"],
    ["CREDIT_TEAM_EMAIL", "not-an-email"],
    ["DATA_ENCRYPTION_KEY", "short"],
    ["STORAGE", "ftp"],
    ["BRAND_EMAIL", "nope"],
  ])("names the bad variable %s", (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(variable);
  });

  it("needs a bucket for S3 storage", () => {
    expect(() => loadConfig({ STORAGE: "s3" })).toThrow("S3_BUCKET");
    expect(loadConfig({ STORAGE: "s3", S3_BUCKET: "docs" }).storage).toMatchObject({ driver: "s3", bucket: "docs" });
  });

  it("lets operators override the brand from the environment", () => {
    expect(loadConfig({ BRAND_NAME: "Acme Funding" }).public.brand.name).toBe("Acme Funding");
  });
});
