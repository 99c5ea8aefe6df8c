import { createHmac, timingSafeEqual } from "node:crypto";

const periodSeconds = 30;
const digits = 6;
/** better-auth accepts the previous, current and next step. */
const window = 1;

function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac("sha1", key).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits).padStart(digits, "0");
}

/**
 * The TOTP time step a code belongs to (RFC 6238, as better-auth computes it: the stored secret's
 * UTF-8 bytes are the key), or null when it matches none of the steps better-auth would accept.
 */
export function matchingTotpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = Buffer.from(secret, "utf8");
  const current = Math.floor(now / 1000 / periodSeconds);
  for (let step = current + window; step >= current - window; step--) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) return step;
  }
  return null;
}
