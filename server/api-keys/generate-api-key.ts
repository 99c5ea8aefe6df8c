import { createHash, randomInt } from "node:crypto";
import { apiKeyPrefix, apiKeyRandomLength, apiKeyStart } from "#domain/api-keys/api-key-text.ts";

const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * What is stored of a key: SHA-256, hex. A key is 40 random base62 characters (about 238 bits),
 * so nobody can guess one from its hash: a slow password hash would only slow every request.
 */
export function hashApiKey(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** A new key: the secret (shown once), its prefix (shown in lists) and its hash (stored). */
export function generateApiKey(): { secret: string; prefix: string; hash: string } {
  let random = "";
  for (let index = 0; index < apiKeyRandomLength; index += 1) random += alphabet[randomInt(alphabet.length)];
  const secret = `${apiKeyStart}${random}`;
  return { secret, prefix: apiKeyPrefix(secret), hash: hashApiKey(secret) };
}
