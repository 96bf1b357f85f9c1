import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Cross-origin calls only from the app's own public origin and, when set, the separate web origin. */
export default fp(
  async (app: FastifyInstance, { publicUrl, webOrigin }: { publicUrl: string; webOrigin?: string }) => {
    const origins = [new URL(publicUrl).origin, webOrigin && new URL(webOrigin).origin].filter(
      (o): o is string => !!o,
    );
    await app.register(cors, { origin: origins, credentials: true });
  },
  { name: 'cors' },
);
