import rateLimit from '@fastify/rate-limit';
import { API_MESSAGE } from '@reach/contract/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error';

/** Per-route rate limits (a route opts in with `config.rateLimit`); going over is a 429 in the API's error shape. */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => new AppError('rate_limited', API_MESSAGE.rateLimited),
    });
  },
  { name: 'rate-limit' },
);
