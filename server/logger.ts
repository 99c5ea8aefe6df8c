import type { LoggerOptions } from "pino";

/**
 * Field names never written to logs, wherever they appear in a logged object (decisions.md 8).
 * pino's redaction needs explicit paths, so each name is listed at the depths we log.
 */
export const sensitiveFieldNames = [
  "ssn", "ssn2", "fedId", "FedId", "taxId", "businessTaxId", "dob", "dob2", "dobContact", "dateOfBirth",
  "password", "newPassword", "currentPassword", "token", "secret", "backupCodes", "authorization", "cookie",
  "set-cookie", "encryptionKey",
];

const redactPaths = sensitiveFieldNames.flatMap((name) => {
  const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : `["${name}"]`;
  const dot = key.startsWith("[") ? "" : ".";
  return [key, `*${dot}${key}`, `*.*${dot}${key}`, `req.headers${dot}${key}`];
});

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths, censor: "[redacted]" },
  };
}
