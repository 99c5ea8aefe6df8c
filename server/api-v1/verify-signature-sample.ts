import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Verifies a webhook delivery: `signatureHeader` is the `KEC-Signature` header, `rawBody` the
 * request body exactly as received (before any JSON parsing), `secret` the endpoint's secret.
 * Refuses deliveries signed more than `toleranceSeconds` ago (replays).
 */
export function verifyKecSignature(
  signatureHeader: string,
  rawBody: string,
  secret: string,
  toleranceSeconds = 300,
  now = Date.now(),
): boolean {
  const parts = new Map<string, string[]>();
  for (const item of signatureHeader.split(",")) {
    const [name, value] = item.trim().split("=", 2);
    if (name && value) parts.set(name, [...(parts.get(name) ?? []), value]);
  }
  const timestamp = Number(parts.get("t")?.[0]);
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest();
  // Several v1 values may be sent while a secret is being rotated: any one may match.
  return (parts.get("v1") ?? []).some((hex) => {
    const given = Buffer.from(hex, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
