import type { ErrorBody } from '@reach/contract/errors';
import { HTTP_MESSAGE } from '@reach/contract/http-messages';

/** Shown when the request never reached the server (offline, DNS, CORS…). */
export const NETWORK_ERROR_MESSAGE = 'We could not reach REACH. Please check your connection and try again.';

/** Any failed API call: the error body `{error:{code,message,fields?}}` plus the HTTP status (0 = network). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Reads the API's error body; falls back to a generic sentence when the body is not ours (proxy, crash page). */
export async function toApiError(response: Response): Promise<ApiError> {
  const error = readErrorBody(await response.json().catch(() => null));
  if (error) return new ApiError(response.status, error.code, error.message, error.fields);
  const [code, message] = fallback(response.status);
  return new ApiError(response.status, code, message);
}

/**
 * The contract's `errorBody`, checked by hand rather than with its zod schema: this runs on every page, and
 * zod would otherwise be part of the first download even for visitors who never open a form.
 */
function readErrorBody(body: unknown): ErrorBody['error'] | null {
  const error = isRecord(body) ? body.error : null;
  if (!isRecord(error) || typeof error.code !== 'string' || typeof error.message !== 'string') return null;
  const fields = isRecord(error.fields)
    ? Object.fromEntries(
        Object.entries(error.fields).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      )
    : undefined;
  return { code: error.code, message: error.message, fields };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function networkError(cause: unknown): ApiError {
  const error = new ApiError(0, 'network', NETWORK_ERROR_MESSAGE);
  error.cause = cause;
  return error;
}

/** The sentence to show for anything thrown by a query or mutation. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : HTTP_MESSAGE.internal;
}

/** Code and sentence for an error response without our body; codes as in the contract's ERROR_STATUS. */
const FALLBACKS: Record<number, [code: string, message: string]> = {
  401: ['unauthenticated', HTTP_MESSAGE.unauthenticated],
  402: ['subscription_required', HTTP_MESSAGE.subscriptionRequired],
  403: ['forbidden', HTTP_MESSAGE.forbidden],
  404: ['not_found', HTTP_MESSAGE.notFound],
  429: ['rate_limited', HTTP_MESSAGE.rateLimited],
};

function fallback(status: number): [code: string, message: string] {
  return (
    FALLBACKS[status] ??
    (status >= 500 ? ['internal', HTTP_MESSAGE.internal] : ['validation', HTTP_MESSAGE.validation])
  );
}
