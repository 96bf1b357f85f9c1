import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@reach/contract/errors';
import { API_MESSAGE } from '@reach/contract/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { isDatabaseUnavailable } from '../lib/db-errors';

// The generic code of each status: the first listed (403 → forbidden, not account_suspended).
const CODE_BY_STATUS: Record<number, ErrorCode> = Object.fromEntries(
  Object.entries(ERROR_STATUS)
    .reverse()
    .map(([code, status]) => [status, code as ErrorCode]),
);

/**
 * The one error handler: AppError → its status and message; request validation → 400 with per-field
 * messages; client errors raised by Fastify keep their status; everything else is a logged 500 whose
 * details never reach the client.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const send = (status: number, body: ErrorBody) => reply.status(status).send(body);

    if (error instanceof AppError) {
      const retryAfter = error.options?.retryAfterSeconds;
      if (retryAfter !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfter))));
      return send(error.status, {
        error: {
          code: error.code,
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
        },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? API_MESSAGE.validation;
      }
      const first = Object.values(fields)[0];
      const message = Object.keys(fields).length === 1 && first ? first : API_MESSAGE.validation;
      return send(400, { error: { code: 'validation', message, fields } });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause }, 'response did not match its schema');
      return send(500, { error: { code: 'internal', message: API_MESSAGE.internal } });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = CODE_BY_STATUS[status] ?? 'validation';
      const message =
        status === 413
          ? 'The upload is too large.'
          : status === 415
            ? 'This content type is not supported.'
            : status === 429
              ? API_MESSAGE.rateLimited
              : error.message;
      return send(status, { error: { code, message } });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return send(503, { error: { code: 'unavailable', message: API_MESSAGE.databaseUnavailable } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { error: { code: 'internal', message: API_MESSAGE.internal } });
  });
}
