import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * API answers over 1 kB go out brotli (fast setting) or gzip; event streams and pre-compressed files are left as
 * they are. Answers up to 64 kB (a page of a list, a discovery search) are compressed in one call rather than
 * through a zlib stream: the plugin's default on a 2-core machine streams from 8 kB on, to overlap the work with
 * the event loop on spare cores, which a small server shares with its database; the stream's setup and
 * scheduling cost more than the compression (a cached discovery search, in-process: ~2.0 → ~1.7 ms of CPU).
 */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      threshold: 1024,
      syncThreshold: 65_536,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'compress' },
);
