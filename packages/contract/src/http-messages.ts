/**
 * The api's answers to the generic HTTP failures (bad input, sign-in, permission, not found, rate limit, server
 * error, plan, suspension): part of API_MESSAGE (messages.ts spreads them in), kept in a file of their own because
 * the web client's entry script needs them and not the long list of the other messages.
 */
export const HTTP_MESSAGE = {
  validation: 'Some fields are not valid. Please check them and try again.',
  unauthenticated: 'Please sign in to continue.',
  forbidden: 'You do not have permission to do that.',
  notFound: 'We could not find what you were looking for.',
  internal: 'Something went wrong on our side. Please try again later.',
  rateLimited: 'Too many attempts. Please wait a moment and try again.',
  subscriptionRequired:
    'This action is only available with a Business Plan. Please signup for a REACH Business Plan to continue.',
  accountSuspended: 'This account has been suspended. Please contact support.',
} as const;
