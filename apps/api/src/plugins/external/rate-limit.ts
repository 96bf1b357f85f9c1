import rateLimit from '@fastify/rate-limit';
import { API_MESSAGE } from '@reach/contract/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error';
import type { RedisConnection } from '../../lib/redis';

/**
 * Per-route rate limits (a route opts in with `config.rateLimit`); going over is a 429 in the API's error shape.
 * With Redis (REDIS_URL) the counters live there, under `<prefix>rate:`, so every replica counts the same
 * hits; without it they are in this process's memory. `fastify.createRateLimit` counts on the same store for
 * limits keyed by something else than the address (the per-account sign-in limit of modules/auth).
 */
export default fp(
  async (app: FastifyInstance, options: { redis?: RedisConnection }) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => new AppError('rate_limited', API_MESSAGE.rateLimited),
      ...(options.redis
        ? {
            redis: options.redis.client,
            nameSpace: `${options.redis.prefix}rate:`,
            // Redis unreachable: let requests through (logged by the connection) rather than answer 500s.
            skipOnError: true,
          }
        : {}),
    });
  },
  { name: 'rate-limit' },
);
