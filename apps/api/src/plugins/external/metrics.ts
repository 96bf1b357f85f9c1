import crypto from 'node:crypto';
import http from 'node:http';
import { liveApi } from '@reach/contract/endpoints/live';
import { API_MESSAGE } from '@reach/contract/messages';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { createMetrics, type Metrics } from '../../lib/metrics';

export type MetricsOptions = {
  config: Config;
  database: Database;
  version: string;
  now: () => Date;
};

/**
 * Prometheus metrics (lib/metrics.ts). Off unless configured: with METRICS_TOKEN, GET /metrics answers a scrape
 * that sends `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); with METRICS_PORT, the same text is
 * served without a token on that port of 127.0.0.1 only, from when the app listens until it closes. Without
 * METRICS_TOKEN, /metrics is a 404. /metrics is not an API endpoint (not under /api/v1, not in the contract).
 *
 * Every answered request counts under its route's URL pattern (`/api/v1/campaign/:id`, never the URL it was
 * called with; 'unmatched' for a 404 of no route), so the series stay bounded whatever clients send.
 */
export default fp(
  async (app: FastifyInstance, options: MetricsOptions) => {
    const { config } = options;
    if (!config.METRICS_TOKEN && !config.METRICS_PORT) {
      app.get('/metrics', { schema: { hide: true } }, notFound);
      return;
    }
    const metrics = createMetrics({
      db: options.database.db,
      backend: options.database.backend,
      pool: () => options.database.poolStats(),
      version: options.version,
      now: options.now,
      log: app.log,
    });

    // Callback hooks, not async ones: they run on every request (see app.ts).
    app.addHook('onResponse', (request, reply, done) => {
      // An event stream's "duration" is how long the tab stayed open: counted by reach_sse_connections instead.
      if (request.routeOptions.config?.endpoint !== liveApi.events) {
        const route = request.routeOptions.url ?? 'unmatched';
        metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      }
      done();
    });
    // Streams that get as far as their handler (signed in, valid): counted until the connection closes.
    app.addHook('preHandler', (request, reply, done) => {
      if (request.routeOptions.config?.endpoint === liveApi.events)
        reply.raw.once('close', metrics.streamOpened());
      done();
    });

    const token = config.METRICS_TOKEN;
    if (token) {
      const expected = digest(token);
      app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
        const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
        if (!match?.[1] || !crypto.timingSafeEqual(digest(match[1]), expected)) {
          reply.header('www-authenticate', 'Bearer realm="metrics"');
          throw new AppError('unauthenticated', API_MESSAGE.unauthenticated);
        }
        return sendMetrics(metrics, reply);
      });
    } else {
      app.get('/metrics', { schema: { hide: true } }, notFound);
    }

    const port = config.METRICS_PORT;
    if (port) {
      const server = http.createServer((request, response) => {
        if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
          response.writeHead(404).end();
          return;
        }
        metrics.registry.metrics().then(
          (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
          (error: unknown) => {
            app.log.error({ err: error }, 'metrics: could not collect');
            response.writeHead(500).end();
          },
        );
      });
      app.addHook('onListen', async () => {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, '127.0.0.1', () => {
            server.off('error', reject);
            resolve();
          });
        });
      });
      app.addHook('onClose', async () => {
        if (!server.listening) return;
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      });
    }
  },
  { name: 'metrics' },
);

function digest(value: string): Buffer {
  return crypto.createHash('sha256').update(value).digest();
}

async function sendMetrics(metrics: Metrics, reply: FastifyReply) {
  const text = await metrics.registry.metrics();
  return reply
    .header('content-type', metrics.registry.contentType)
    .header('cache-control', 'no-store')
    .send(text);
}

async function notFound(): Promise<never> {
  throw new AppError('not_found', API_MESSAGE.notFound);
}
