import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A new endpoint's signing secret: `whsec_` and 32 random bytes, base64url (what the vendor pastes into their system). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/** Hex HMAC-SHA256 of `<t>.<raw body>` with the endpoint's secret (the secret's text as UTF-8, prefix included). */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
}

/** The `KEC-Signature` header: `t=<unix seconds>,v1=<signature>`. */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${webhookSignature(secret, timestamp, body)}`;
}

/**
 * What a receiver does (documented for dealers, used by the tests' receiver): recompute the
 * signature over the raw body, compare in constant time, and refuse a timestamp older than the
 * tolerance (replays).
 */
export function verifySignatureHeader(
  secret: string,
  header: string,
  body: string,
  options: { nowSeconds?: number; toleranceSeconds?: number } = {},
): boolean {
  const parts = Object.fromEntries(header.split(",").map((part) => part.trim().split("=", 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) return false;
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(webhookSignature(secret, timestamp, body), "hex");
  const given = Buffer.from(parts.v1, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
