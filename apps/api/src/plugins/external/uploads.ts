import fs from 'node:fs';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Uploads: multipart request parsing (each route sets its own tighter limits) and the local storage folder
 * served under /uploads/ (a stored file never changes once written, so it is cached for good).
 */
export default fp(
  async (app: FastifyInstance, { uploadsDir }: { uploadsDir: string }) => {
    await app.register(multipart, { limits: { fileSize: 100 * 1024 * 1024, files: 5, fields: 50 } });
    fs.mkdirSync(uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      maxAge: '7d',
      immutable: true,
    });
  },
  { name: 'uploads' },
);
