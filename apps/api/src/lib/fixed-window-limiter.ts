import crypto from 'node:crypto';
import type { CreateRateLimitOptions } from '@fastify/rate-limit';
import { API_MESSAGE } from '@reach/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/**
 * A limit keyed by something other than the client address (the account an auth request targets), which the
 * per-route `config.rateLimit` cannot express: @fastify/rate-limit applies one limit per request, by address.
 * Counts in fixed windows on the rate-limit plugin's store through `fastify.createRateLimit`: Redis when
 * REDIS_URL is set (every replica counts the same hits), this process's memory otherwise. The key is hashed,
 * so Redis holds no e-mail address.
 */
export function createKeyedLimiter(
  app: FastifyInstance,
  options: { max: number; windowMs: number; name: string },
) {
  const keyOf = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.windowMs,
    keyGenerator: (request) => keyOf.get(request) ?? '',
    // In memory: room for this many keys before the least recently hit is forgotten (the plugin's default 5,000
    // would let a flood of other addresses evict a targeted one).
    cache: 100_000,
  } as CreateRateLimitOptions);

  /** Counts a hit of `key` for `request`: the seconds left in the window once the key is over the limit, else null. */
  async function wait(request: FastifyRequest, key: string): Promise<number | null> {
    keyOf.set(
      request,
      `${options.name}:${crypto.createHash('sha256').update(key).digest('hex').slice(0, 32)}`,
    );
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) return Math.max(1, Math.ceil(result.ttl / 1000));
    return null;
  }

  return {
    wait,
    /** Counts a hit of `key` for `request`; throws 429 once the key went over the limit in the current window. */
    async hit(request: FastifyRequest, key: string): Promise<void> {
      const seconds = await wait(request, key);
      if (seconds !== null)
        throw new AppError('rate_limited', API_MESSAGE.rateLimited, undefined, {
          retryAfterSeconds: seconds,
        });
    },
  };
}
