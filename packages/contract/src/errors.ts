import { z } from 'zod';

/** Error codes of DESIGN.md §5 with the HTTP status each maps to. */
export const ERROR_STATUS = {
  validation: 400,
  unauthenticated: 401,
  /** A card was declined or the payment provider refused a payment. */
  payment_failed: 402,
  subscription_required: 402,
  /** Not enough discovery credits for a search page or a report (nothing was debited). */
  not_enough_credits: 402,
  forbidden: 403,
  /** The account was suspended by an admin: the client ends the session and says why. */
  account_suspended: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error body every endpoint returns. */
export const errorBody = z
  .object({
    error: z.object({
      code: z.string().describe('Stable machine-readable code, e.g. validation or conflict'),
      message: z.string().describe('A human sentence safe to show to the user'),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .describe('Per-field messages for validation errors'),
    }),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBody>;
