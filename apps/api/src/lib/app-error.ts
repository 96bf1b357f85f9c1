import { ERROR_STATUS, type ErrorCode } from '@reach/contract/errors';

/**
 * The one error type of the api; the error handler maps `code` to the HTTP status (and `retryAfterSeconds`, for
 * a 429 or 503, to a Retry-After header).
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly options?: { retryAfterSeconds?: number },
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}
