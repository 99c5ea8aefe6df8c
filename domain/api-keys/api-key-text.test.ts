import { describe, expect, it } from "vitest";
import { apiKeyPrefix, apiKeyStart, bearerCredential, idempotencyKeyHeader, isApiKeyShape } from "./api-key-text.ts";

const key = `${apiKeyStart}${"aB3".repeat(13)}x`;

describe("API key text", () => {
  it("recognises a key by its start, alphabet and length", () => {
    expect(isApiKeyShape(key)).toBe(true);
    expect(isApiKeyShape(key.slice(0, -1))).toBe(false);
    expect(isApiKeyShape(`${key}a`)).toBe(false);
    expect(isApiKeyShape(key.replace("kec_live_", "kec_test_"))).toBe(false);
    expect(isApiKeyShape(key.replace("x", "-"))).toBe(false);
  });

  it("shows only the start and four characters in lists", () => {
    expect(apiKeyPrefix(key)).toBe("kec_live_aB3a");
  });

  it("reads the credential of a Bearer header only", () => {
    expect(bearerCredential(`Bearer ${key}`)).toBe(key);
    expect(bearerCredential(`bearer ${key}`)).toBe(key);
    expect(bearerCredential(`Basic ${key}`)).toBeNull();
    expect(bearerCredential(`Bearer ${key} extra`)).toBeNull();
    expect(bearerCredential("Bearer ")).toBeNull();
    expect(bearerCredential(undefined)).toBeNull();
  });

  it("takes idempotency keys of 8-100 safe characters", () => {
    expect(idempotencyKeyHeader.safeParse("3f0c1a8e-5a3e-4bb1-9a55-0c0b3f2c9d11").success).toBe(true);
    expect(idempotencyKeyHeader.safeParse("short").success).toBe(false);
    expect(idempotencyKeyHeader.safeParse("a b c d e f g").success).toBe(false);
    expect(idempotencyKeyHeader.safeParse("x".repeat(101)).success).toBe(false);
  });
});
