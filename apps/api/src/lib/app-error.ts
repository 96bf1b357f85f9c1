import { ERROR_STATUS, type ErrorCode } from '@reach/contract/errors';

/** The one error type of the api; the error handler maps `code` to the HTTP status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}
