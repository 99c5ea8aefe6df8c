import { errorStatus, type ErrorCode } from "#domain/http/endpoint.ts";

export type { ErrorCode };

/** The one error type routes throw; the error handler maps its code to an HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  get status(): number {
    return errorStatus[this.code];
  }
}
