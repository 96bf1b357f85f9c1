import type { ServerResponse } from 'node:http';
import { liveApi } from '@reach/contract/endpoints/live';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import { currentUser } from '../../plugins/auth';

const HEARTBEAT_MS = 20_000;

/** GET /my/events: the signed-in user's live events as Server-Sent Events. */
export async function liveRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const open = new Set<ServerResponse>();
  // Streams never end on their own: end them when shutdown (SIGTERM) begins, before the server waits for its
  // open requests (preClose), so they do not hold it up; the browser reconnects to another replica.
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });
  app.addHook('onClose', async () => ctx.live.close());

  route(app, liveApi.events, {}, async (request, reply) => {
    const user = currentUser(request);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    res.write('retry: 3000\n: connected\n\n');
    open.add(res);
    const unsubscribe = ctx.live.subscribe(user.id, (event) => {
      res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      // A suspended account gets nothing more: the client signs out on this event.
      if (event.type === 'account-suspended') res.end();
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    res.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(res);
    });
    return reply;
  });
}
