import { createHash, randomBytes } from "node:crypto";

/** 32 random bytes: unguessable. Only the hash is stored; the token lives in the customer's mail. */
export function newQuoteToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashQuoteToken(token) };
}

export function hashQuoteToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
