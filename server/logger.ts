import { LogController, type FastifyReply, type FastifyRequest } from "fastify";
import type { LoggerOptions } from "pino";

/**
 * Field names never written to logs, wherever they appear in a logged object
 * (docs/product-rules.md#r5-sensitive-numbers).
 * pino's redaction needs explicit paths, so each name is listed at the depths we log.
 */
export const sensitiveFieldNames = [
  "ssn",
  "ssn2",
  "fedId",
  "FedId",
  "taxId",
  "businessTaxId",
  "dob",
  "dob2",
  "dobContact",
  "dateOfBirth",
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "secret",
  "backupCodes",
  "authorization",
  "cookie",
  "set-cookie",
  "encryptionKey",
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

/**
 * One line per request, written once it is answered, instead of Fastify's two ("incoming" and
 * "completed"): half the log volume on the busiest paths (docs/quality.md).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: loggableUrl(request),
      ip: request.ip,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      // An /api/v1 request names the key that made it (its id, never the key).
      ...(request.apiKey ? { apiKeyId: request.apiKey.keyId } : {}),
    };
    // The error itself was logged, without database parameters, by the app's error handler.
    if (error) reply.log.error(line, "request errored");
    else reply.log.info(line, "request");
  }
}

/**
 * What a log line says of a request's URL: the pattern of the route that answered
 * (`/api/partners/:slug`), or the bare path, never a query string
 * (docs/product-rules.md#r37-no-secret-in-a-url-or-a-log). A
 * verification link mailed by an earlier release carries its token in the query (and now meets a 404);
 * reset and invitation links mailed before
 * their token moved to the fragment carry it in the path, which a route of its own turns into
 * `/api/auth/reset-password/:token` here (plugins/auth.ts).
 */
export function loggableUrl(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split("?")[0]!;
}
