import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newWebhookSecret, signatureHeader, verifySignatureHeader, webhookSignature } from "./sign-payload.ts";

describe("webhook signature", () => {
  const secret = "whsec_test";
  const body = '{"id":"e1","type":"deal.created","created":"2026-01-01T00:00:00.000Z","data":{}}';

  it("is the hex HMAC-SHA256 of `<t>.<raw body>` with the endpoint's secret", () => {
    const expected = createHmac("sha256", secret).update(`1700000000.${body}`).digest("hex");
    expect(webhookSignature(secret, 1700000000, body)).toBe(expected);
    expect(signatureHeader(secret, 1700000000, body)).toBe(`t=1700000000,v1=${expected}`);
  });

  it("verifies with the same secret, body and a fresh timestamp only", () => {
    const header = signatureHeader(secret, 1700000000, body);
    expect(verifySignatureHeader(secret, header, body, { nowSeconds: 1700000010 })).toBe(true);
    expect(verifySignatureHeader("whsec_other", header, body, { nowSeconds: 1700000010 })).toBe(false);
    expect(verifySignatureHeader(secret, header, body.replace("e1", "e2"), { nowSeconds: 1700000010 })).toBe(false);
    expect(verifySignatureHeader(secret, header, body, { nowSeconds: 1700000000 + 301 })).toBe(false);
    expect(verifySignatureHeader(secret, "t=1700000000", body, { nowSeconds: 1700000000 })).toBe(false);
  });

  it("makes a new random secret each time", () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});
