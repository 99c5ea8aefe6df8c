import { createHash, randomBytes } from "node:crypto";

/** A single-purpose link's secret: 32 random bytes, base64url (43 characters). Only its hash is stored. */
export function newLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

/** SHA-256, hex: how a link token or an e-mail address (trimmed, lower case) is stored and looked up. */
export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function emailHash(email: string): string {
  return sha256Hex(email.trim().toLowerCase());
}
