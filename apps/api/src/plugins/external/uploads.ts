import fs from 'node:fs';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The local storage folder served under /uploads/ (a stored file never changes once written: cached for good). */
export default fp(
  async (app: FastifyInstance, { uploadsDir }: { uploadsDir: string }) => {
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

/**
 * Multipart request parsing (each route sets its own tighter limits), registered by the route modules that take
 * files (campaign media, imports, avatars, post submissions) in their own scope: the plugin adds two hooks to
 * every request of the scope it is registered in, and a listener on each answer. A multipart body sent to any
 * other route is refused with 415.
 */
export const multipartForms = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, { limits: { fileSize: 100 * 1024 * 1024, files: 5, fields: 50 } });
  },
  { name: 'multipart-forms' },
);
