import * as z from "zod/mini";

/** Every key starts so: a leaked key is recognisable (secret scanners, logs) and tells its kind. */
export const apiKeyStart = "kec_live_";

/** Random characters after the start: 40 base62 characters, about 238 bits. */
export const apiKeyRandomLength = 40;

/** How much of a key lists show: the start and four random characters, not enough to guess the rest. */
export const apiKeyPrefixLength = apiKeyStart.length + 4;

const apiKeyPattern = new RegExp(`^${apiKeyStart}[0-9A-Za-z]{${apiKeyRandomLength}}$`);

/** Whether a text has the shape of one of our keys (checked before any lookup). */
export function isApiKeyShape(text: string): boolean {
  return apiKeyPattern.test(text);
}

/** The first characters of a key, as lists show them. */
export function apiKeyPrefix(key: string): string {
  return key.slice(0, apiKeyPrefixLength);
}

/** The credential of an `Authorization: Bearer <credential>` header, or null. */
export function bearerCredential(header: string | undefined): string | null {
  const match = /^Bearer +([^\s]+) *$/i.exec(header ?? "");
  return match ? match[1]! : null;
}

/** The name a person gives a key ("Our DMS"). */
export const apiKeyName = z
  .string()
  .check(z.trim(), z.minLength(1, "Please name the key."), z.maxLength(80, "Please use at most 80 characters."));

/** An `Idempotency-Key` header: 8-100 letters, digits and `_.:-` (a UUID fits). */
export const idempotencyKeyHeader = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_.:-]{8,100}$/, "Idempotency-Key: 8-100 letters, digits, '_', '.', ':' or '-'."));
