import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_MESSAGE } from '@reach/contract/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built SPA from `dist` when it exists; unknown GETs that accept HTML get index.html so client
 * routes load directly. Anything else unknown is a 404 in the API's error shape.
 */
export default fp(
  async (app: FastifyInstance, { dist }: { dist: string }) => {
    const hasWeb = fs.existsSync(path.join(dist, 'index.html'));
    if (hasWeb) {
      // Vite writes .br and .gz copies of each asset at build time: sent as they are, nothing compressed per request.
      await app.register(fastifyStatic, {
        root: dist,
        wildcard: false,
        index: false,
        preCompressed: true,
        maxAge: '1h',
        // File names under assets/ carry their content hash: they never change. index.html names the current
        // ones, so it is checked on every load.
        setHeaders: (res, file) => {
          if (file.includes(`${path.sep}assets${path.sep}`))
            res.header('cache-control', 'public, max-age=31536000, immutable');
          else if (path.basename(file).startsWith('index.html')) res.header('cache-control', 'no-cache');
        },
      });
      app.get('/', { schema: { hide: true } }, (_request, reply) =>
        reply.header('cache-control', 'no-cache').sendFile('index.html'),
      );
    }
    app.setNotFoundHandler((request, reply) => {
      const wantsPage =
        hasWeb &&
        request.method === 'GET' &&
        !request.url.startsWith('/api/') &&
        (request.headers.accept ?? '').includes('text/html');
      if (wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return reply.status(404).send({ error: { code: 'not_found', message: API_MESSAGE.notFound } });
    });
  },
  { name: 'web-app' },
);
