import { randomInt, timingSafeEqual } from "node:crypto";
import type { CodeVerdict } from "#domain/auth/mailed-code.ts";
import { AppError } from "./errors.ts";
import { newLinkToken, sha256Hex } from "./crypto/link-token.ts";

/**
 * A code's hash: SHA-256 of the link's token and the code, so a copy of the table (which holds the
 * token only as a hash) cannot try the million codes offline.
 */
export const mailedCodeHash = (token: string, code: string) => sha256Hex(`${token}:${code}`);

/** A new code of `length` digits, leading zeros kept. */
export const newMailedCode = (length: number) => String(randomInt(0, 10 ** length)).padStart(length, "0");

/** Whether `code` is the one stored for the link of `token`, compared in constant time. */
export function isStoredCode(token: string, code: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const presented = Buffer.from(mailedCodeHash(token, code));
  const stored = Buffer.from(storedHash);
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

type CodeMessages = {
  codeNone: string;
  codeUsedUp: string;
  codeExpired: string;
  codeWrong: (triesLeft: number) => string;
};

/** A refused code's answer in its audience's words: a wrong code with tries left is the form's field error. */
export function codeRefusal(verdict: Exclude<CodeVerdict, { kind: "right" }>, messages: CodeMessages): AppError {
  switch (verdict.kind) {
    case "none":
      return new AppError("CONFLICT", messages.codeNone);
    case "used-up":
      return new AppError("CONFLICT", messages.codeUsedUp);
    case "expired":
      return new AppError("CONFLICT", messages.codeExpired);
    case "wrong": {
      if (verdict.triesLeft <= 0) return new AppError("CONFLICT", messages.codeUsedUp);
      const message = messages.codeWrong(verdict.triesLeft);
      return new AppError("VALIDATION_FAILED", message, [{ path: "/code", message }]);
    }
  }
}

/** The session a right code opens: a random token, stored only as its SHA-256, lasting `hours`, never extended. */
export function newCodeSession(hours: number, now: number) {
  const sessionToken = newLinkToken();
  return {
    sessionToken,
    sessionTokenHash: sha256Hex(sessionToken),
    sessionExpiresAt: new Date(now + hours * 3_600_000),
  };
}
